import type { Article, Resource } from '../../content/model.js';
import { plainText } from '../../shared/search/snippet.js';
import { joinedFields } from '../../util/joined-fields.js';

/** Who the index is for: agents read the Markdown outputs, people the pages. */
export type SearchView = 'agents' | 'people';

/** One passage of a document as the full-text index sees it: its text by field. */
export interface Passage {
  /** 0: the document's head (title, description, tags); `n`: the n-th section. */
  section: number;
  fields: { title?: string; heading?: string; tags?: string; description?: string; body?: string };
}

export interface DocumentPassages {
  passages: Passage[];
  /** Section `n` at index `n - 1`: its heading and the id of that heading on the page ('' when there is none). */
  sections: [heading: string, anchor: string][];
}

const fence = /^\s{0,3}(`{3,}|~{3,})/;
const heading = /^\s{0,3}(#{2,3})\s+(.*?)(?:\s+#+)?\s*$/;

/** Markdown as text to index: links keep their words but not their URLs; comments go. */
function indexText(markdown: string): string {
  return markdown.replace(/<!--[\s\S]*?-->/g, ' ').replace(/\]\([^)]*\)/g, ']');
}

interface Section {
  heading: string;
  lines: string[];
}

/**
 * A body as one audience reads it. `document.body` is the agents' (people-only passages cut); for
 * people, its agents-only ranges are taken out and the people-only passages put back where they were.
 */
export function bodyFor(document: Resource | Article, view: SearchView): string {
  const { body, rendered } = document;
  if (view === 'agents' || (!rendered.agentsOnlyAt?.length && !rendered.peopleOnlyAt?.length)) return body;
  const marks = [
    ...(rendered.agentsOnlyAt ?? []).map(([at, end]) => ({ at, end, text: '' })),
    ...(rendered.peopleOnlyAt ?? []).map((at, index) => ({ at, end: at, text: rendered.peopleOnly?.[index] ?? '' })),
  ].sort((x, y) => x.at - y.at);
  let text = '';
  let cursor = 0;
  for (const mark of marks) {
    text += body.slice(cursor, Math.max(cursor, mark.at)) + mark.text;
    cursor = Math.max(cursor, mark.end);
  }
  return text + body.slice(cursor);
}

/** Whether two spellings of a heading have the same words (inline Markdown and case aside). */
function sameWords(a: string, b: string): boolean {
  const words = (text: string) =>
    text
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu)
      ?.join(' ') ?? '';
  return words(a) === words(b);
}

/**
 * Cuts a body into sections at its H2 and H3 headings, and finds each heading's id on the page from
 * the document's outline (the page's H2 and H3 headings in order, with their ids). A heading the
 * page does not show (one for agents only) has none.
 */
function bodySections(document: Resource | Article, view: SearchView): { sections: Section[]; anchors: string[] } {
  const body = bodyFor(document, view);
  const sections: Section[] = [];
  let current: Section | null = null;
  let fenced: string | null = null;
  for (const line of body.split(/\r?\n/)) {
    const fenceMatch = fence.exec(line);
    if (fenced) {
      if (fenceMatch?.[1]?.startsWith(fenced)) fenced = null;
    } else if (fenceMatch) fenced = fenceMatch[1]!.slice(0, 3);
    else {
      const found = heading.exec(line);
      if (found) {
        current = { heading: plainText(found[2]!), lines: [] };
        sections.push(current);
        continue;
      }
    }
    if (!current) {
      current = { heading: '', lines: [] };
      sections.push(current);
    }
    current.lines.push(line);
  }
  // Each heading takes the id of the next outline item with the same words.
  // People's pages show the headings of people-only passages too, which the agents' outline leaves out.
  const outline = (view === 'people' ? document.rendered.pageOutline : undefined) ?? document.rendered.outline;
  let next = 0;
  const anchors = sections.map(({ heading: text }) => {
    const at = text ? outline.findIndex((item, index) => index >= next && sameWords(item.text, text)) : -1;
    if (at < 0) return '';
    next = at + 1;
    return outline[at]!.anchor;
  });
  return { sections, anchors };
}

/**
 * The passages of a document for the full-text index of one audience: its head, then each section
 * as that audience reads it. A premium document is found only by what is public of it (its head
 * and summary), never by a word or a heading of its body.
 */
export function documentPassages(
  document: Resource | Article,
  view: SearchView,
  extra: { category?: string; head?: string[] } = {},
): DocumentPassages {
  const head: Passage = {
    section: 0,
    fields: {
      title: document.title,
      tags: [...(document.tags ?? []), ...(extra.category ? [extra.category] : [])].join(' '),
      description: [document.description, ...(extra.head ?? [])].join(' '),
    },
  };
  if ('premium' in document && document.premium) return { passages: [head], sections: [] };
  const body = bodySections(document, view);
  const passages: Passage[] = [head];
  const sections: [string, string][] = [];
  for (const [index, section] of body.sections.entries()) {
    const text = section.lines.join('\n').trim();
    sections.push([section.heading, body.anchors[index]!]);
    if (!text && !section.heading) continue;
    passages.push({
      section: sections.length,
      fields: joinedFields(section.heading ? { heading: section.heading } : {}, text ? { body: indexText(text) } : {}),
    });
  }
  // A guide's takeaways and FAQ are sections of its page too (templates/article.liquid).
  if ('faq' in document) {
    const extras: [string, string, string][] = [
      ...(document.takeaways.length
        ? [['Key takeaways', 'agentdir-takeaways', document.takeaways.join('\n')] as [string, string, string]]
        : []),
      ...document.faq.map((entry): [string, string, string] => [entry.question, 'agentdir-faq', entry.answer]),
    ];
    for (const [text, anchor, answer] of extras) {
      sections.push([text, anchor]);
      passages.push({ section: sections.length, fields: { heading: text, body: answer } });
    }
  }
  return { passages, sections };
}
