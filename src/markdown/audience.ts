import type { Html, Root, RootContent } from 'mdast';
import { visit } from 'unist-util-visit';
import type { VFile } from 'vfile';
import { type ProblemArgs, problemTexts } from '../errors/catalog.js';

// Passages for one audience (README: Audience controls), written as HTML comments so any GFM
// viewer shows the body unchanged:
//
//   <!-- audience: agents -->   only in the Markdown outputs (.md, JSON, llms-full, corpus, MCP)
//   <!-- audience: people -->   only in the HTML pages
//   <!-- /audience -->          ends either
//
// A marker stands alone between blocks at the top level of the body; passages do not nest.

export type Audience = 'agents' | 'people';
export const audiences: readonly Audience[] = ['agents', 'people'];

/** The codes of the problem catalog (src/errors/catalog.ts) a marker that cannot be honoured is reported with. */
type AudienceProblemCode = 'UnknownAudience' | 'UnclosedAudienceMarker' | 'StrayAudienceMarker';

/** A marker that cannot be honoured: its catalog code and facts, and where it is (lines relative to the body). */
export type AudienceMarkerProblem = {
  [C in AudienceProblemCode]: { code: C; args: ProblemArgs<C>; line: number; column: number };
}[AudienceProblemCode];

/** The `source` of remarkAudience's vfile messages, whose `ruleId` is the catalog code. */
export const audienceMessageSource = 'agentdir:audience';

/** A vfile message of remarkAudience, carrying the facts the catalog words it from. */
type AudienceMessage = ReturnType<VFile['message']> & Pick<AudienceMarkerProblem, 'args'>;

/** Where the Markdown outputs differ from the source: what they leave out, by source offset. */
export interface AudienceCuts {
  /** `[start, end)` ranges of the source left out of the Markdown outputs, in order, not overlapping. */
  cuts: [number, number][];
  /** The people-only passages: still part of the page, so still the premium guard's business. */
  peopleOnly: string[];
  /** Where each people-only passage was cut (its cut's start), in source offsets. */
  peopleOnlyFrom: number[];
  /** `[start, end)` source ranges of the agents-only passages, which the Markdown outputs keep. */
  agentsOnly: [number, number][];
}

declare module 'vfile' {
  interface DataMap {
    audienceCuts: AudienceCuts | undefined;
    /** The top-level blocks of people-only passages: the HTML keeps them, the outline for agents does not. */
    peopleOnlyBlocks: ReadonlySet<RootContent> | undefined;
  }
}

const opening = /^<!--\s*audience\s*:\s*([^\s>]*)\s*-->$/i;
const closing = /^<!--\s*\/\s*audience\s*-->$/i;
/** Anything that looks meant as a marker, to catch one written where it cannot work. */
const markerLike = /^<!--\s*\/?\s*audience\b/i;

/**
 * Finds the audience passages: takes agents-only passages out of the tree (so out of the HTML, the
 * outline and the word count) and records on `file.data` which source ranges the Markdown outputs
 * leave out (people-only passages, and every marker line) and which blocks are for people only. Runs after the link inventory, so links
 * inside agents-only passages are still checked and made absolute. A marker that cannot be honoured
 * is a message on the file (audienceProblems reads them back), and leaves the body whole.
 */
export function remarkAudience() {
  return (tree: Root, file: VFile): void => {
    const source = String(file.value);
    if (!/audience/i.test(source)) return;
    let problems = 0;
    const report = <C extends AudienceProblemCode>(node: Html, code: C, args: ProblemArgs<C>) => {
      const message = file.message(problemTexts(code, args).message, {
        place: node.position,
        ruleId: code,
        source: audienceMessageSource,
      });
      Object.assign(message, { args });
      problems++;
    };

    // Markers anywhere but between top-level blocks: inside a list, a quote or a paragraph.
    visit(tree, 'html', (node, _index, parent) => {
      if (parent !== tree && markerLike.test(node.value.trim()))
        report(node, 'StrayAudienceMarker', { reason: 'placement' });
    });

    const children = tree.children;
    const offsetOf = (index: number) => children[index]?.position?.start.offset ?? source.length;
    const cuts: [number, number][] = [];
    const peopleOnly: string[] = [];
    const peopleBlocks = new Set<RootContent>();
    const peopleOnlyFrom: number[] = [];
    const agentsOnly: [number, number][] = [];
    const dropped = new Set<number>();
    let open: { index: number; audience: Audience; node: Html } | undefined;
    children.forEach((node, index) => {
      if (node.type !== 'html') return;
      const text = node.value.trim();
      const opener = opening.exec(text);
      if (opener) {
        const value = opener[1]!.toLowerCase();
        const known = audiences.includes(value as Audience);
        if (!known) report(node, 'UnknownAudience', { value: opener[1]! });
        if (open) {
          if (known) report(node, 'UnclosedAudienceMarker', { audience: value, reason: 'nested' });
          return;
        }
        // An unknown audience still opens a passage, so its closer is not reported as well.
        open = { index, audience: value as Audience, node };
        return;
      }
      if (closing.test(text)) {
        if (!open) {
          report(node, 'StrayAudienceMarker', { reason: 'unopened' });
          return;
        }
        // From the marker to the next block, so no run of blank lines is left behind.
        const start = offsetOf(open.index);
        const end = offsetOf(index + 1);
        if (open.audience === 'people') {
          cuts.push([start, end]);
          peopleOnly.push(source.slice(offsetOf(open.index + 1), node.position?.start.offset ?? end));
          for (let inside = open.index + 1; inside < index; inside++) peopleBlocks.add(children[inside]!);
          peopleOnlyFrom.push(start);
        } else {
          cuts.push([start, offsetOf(open.index + 1)], [node.position?.start.offset ?? end, end]);
          agentsOnly.push([offsetOf(open.index + 1), node.position?.start.offset ?? end]);
          for (let inside = open.index + 1; inside < index; inside++) dropped.add(inside);
        }
        open = undefined;
        return;
      }
      if (markerLike.test(text)) report(node, 'UnknownAudience', {});
    });
    if (open && audiences.includes(open.audience))
      report(open.node, 'UnclosedAudienceMarker', { audience: open.audience, reason: 'unclosed' });
    if (problems || !cuts.length) return;
    tree.children = children.filter((_node, index) => !dropped.has(index));
    file.data.audienceCuts = { cuts, peopleOnly, peopleOnlyFrom, agentsOnly };
    if (peopleBlocks.size) file.data.peopleOnlyBlocks = peopleBlocks;
  };
}

/** The markers remarkAudience could not honour, read back from the file's messages, in the order found. */
export function audienceProblems(file: VFile): AudienceMarkerProblem[] {
  return file.messages
    .filter((message): message is AudienceMessage => message.source === audienceMessageSource)
    .map(
      (message) =>
        ({
          code: message.ruleId,
          args: message.args,
          line: message.line ?? 0,
          column: message.column ?? 0,
        }) as AudienceMarkerProblem,
    );
}

/** Where a source offset lands once the cuts are made: cuts that end at or before it shift it back. */
export function offsetAfterCuts(offset: number, cuts: readonly [number, number][]): number {
  let shift = 0;
  for (const [start, end] of cuts) if (end <= offset) shift += end - start;
  return offset - shift;
}

/**
 * The source without the cut ranges, and each kept offset of `offsets` moved to where its text
 * now starts (offsets inside a cut are dropped).
 */
export function applyCuts(
  source: string,
  cuts: readonly [number, number][],
  offsets: readonly number[],
): { text: string; offsets: number[] } {
  let text = '';
  let from = 0;
  for (const [start, end] of cuts) {
    text += source.slice(from, start);
    from = end;
  }
  text = (text + source.slice(from)).replace(/\n{2,}$/, '\n');
  const moved: number[] = [];
  for (const offset of offsets) {
    let shift = 0;
    let inside = false;
    for (const [start, end] of cuts) {
      if (offset >= end) shift += end - start;
      else if (offset >= start) inside = true;
    }
    if (!inside) moved.push(offset - shift);
  }
  return { text, offsets: moved };
}
