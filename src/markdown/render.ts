import { VFile } from 'vfile';
import { type AudienceMarkerProblem, applyCuts, audienceProblems, offsetAfterCuts } from './audience.js';
import type { OutlineItem } from './heading-ids.js';
import type { DisallowedUrl, LinkAt } from './link-inventory.js';
import { type ParsedMarkdown, parseMarkdown } from './processor.js';

export type { AudienceMarkerProblem } from './audience.js';
export type { OutlineItem } from './heading-ids.js';
export type { DisallowedUrl, LinkAt } from './link-inventory.js';
export { countWords } from './word-count.js';

/** Everything the build needs from one Markdown body, computed in a single parse. Plain data, so it can be cached. */
export interface RenderedMarkdown {
  html: string;
  /** H2 and H3 headings of the body for agents (the JSON variants, MCP): none of a people-only passage. */
  outline: OutlineItem[];
  /** The HTML page's outline, when people-only passages give it headings `outline` leaves out. */
  pageOutline?: OutlineItem[];
  /** H2 texts for agents: the preview of a premium body. */
  sections: string[];
  anchors: string[];
  sources: LinkAt[] | null;
  links: LinkAt[];
  disallowedUrls: DisallowedUrl[];
  /** Offsets where root-relative URLs start in the body for agents: absoluteLinks() puts the base URL there. */
  rootRelativeAt: number[];
  words: number;
  /**
   * Present when audience markers make the Markdown outputs differ from the source: the body for
   * agents (people-only passages and the marker lines left out), which rootRelativeAt refers to.
   */
  agentBody?: string;
  /** The people-only passages, which only the HTML carries. */
  peopleOnly?: string[];
  /** Where in `agentBody` each people-only passage was (for the full-text index, which keeps audiences apart). */
  peopleOnlyAt?: number[];
  /** `[start, end)` ranges of `agentBody` that are for agents only. */
  agentsOnlyAt?: [number, number][];
  /** The audience markers that cannot be honoured: the file's messages from remarkAudience, as plain data. */
  audienceProblems: AudienceMarkerProblem[];
}

/**
 * Runs the pipeline of processor.ts over one body: the HTML comes back from its compiler, the rest
 * on `file.data`. `parse` picks the parse (parseMarkdown: the cheapest that gives GFM's tree).
 */
export function renderMarkdown(body: string, parse: (file: VFile) => ParsedMarkdown = parseMarkdown): RenderedMarkdown {
  const file = new VFile(body);
  const { processor, tree } = parse(file);
  const html = processor.stringify(processor.runSync(tree, file), file);
  const { outline, pageOutline, sections, anchors, sources, links, disallowedUrls, words, audienceCuts } = file.data;
  const agent = audienceCuts ? applyCuts(body, audienceCuts.cuts, file.data.rootRelativeAt ?? []) : undefined;
  return {
    html,
    outline: outline ?? [],
    ...(pageOutline ? { pageOutline } : {}),
    sections: sections ?? [],
    anchors: anchors ?? [],
    sources: sources ?? null,
    links: links ?? [],
    disallowedUrls: disallowedUrls ?? [],
    rootRelativeAt: agent?.offsets ?? file.data.rootRelativeAt ?? [],
    words: words ?? 0,
    ...(agent
      ? {
          agentBody: agent.text,
          peopleOnly: audienceCuts!.peopleOnly,
          peopleOnlyAt: audienceCuts!.peopleOnlyFrom.map((offset) => offsetAfterCuts(offset, audienceCuts!.cuts)),
          agentsOnlyAt: audienceCuts!.agentsOnly.map(([start, end]): [number, number] => [
            offsetAfterCuts(start, audienceCuts!.cuts),
            offsetAfterCuts(end, audienceCuts!.cuts),
          ]),
        }
      : {}),
    audienceProblems: audienceProblems(file),
  };
}

/**
 * The body with the base URL put in front of each root-relative link, so it can be followed from
 * anywhere. `retarget` may point a link elsewhere: given the text from the link's start, it returns
 * how many characters of it to replace and with what (a path on the site), or null to keep it.
 */
export function absoluteLinks(
  body: string,
  rootRelativeAt: readonly number[],
  base: string,
  retarget: (from: string) => { length: number; path: string } | null = () => null,
): string {
  let result = '';
  let from = 0;
  for (const at of rootRelativeAt) {
    const replacement = retarget(body.slice(at, at + 200));
    result += body.slice(from, at) + base + (replacement?.path ?? '');
    from = at + (replacement?.length ?? 0);
  }
  return result + body.slice(from);
}
