import { termsOf } from './terms.js';

const headingLine = /^\s{0,3}(#{1,6})\s+(.*?)(?:\s+#+)?\s*$/;
const fenceLine = /^\s{0,3}(`{3,}|~{3,})/;

/** Markdown as a reader sees it on one line: link targets, markers and table rules left out. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s*\|?[\s:|-]+\|[\s:|-]*$/gm, ' ')
    .replace(/^\s{0,3}(?:#{1,6}|>|[-*+]|\d+[.)])\s+/gm, '')
    .replace(/[`*_~|]|<\/?[a-z][^>]*>/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The text of the section under `heading` (to the next heading of level 2 or 3), or the whole body when it is ''. */
export function sectionText(body: string, heading: string): string {
  if (!heading) return body;
  const lines = body.split(/\r?\n/);
  const out: string[] = [];
  let inside = false;
  let fenced = false;
  for (const line of lines) {
    if (fenceLine.test(line)) fenced = !fenced;
    const found = fenced ? null : headingLine.exec(line);
    if (found && (found[1]!.length === 2 || found[1]!.length === 3)) {
      if (inside) break;
      inside = plainText(found[2]!) === heading;
      continue;
    }
    if (inside) out.push(line);
  }
  return out.join('\n');
}

/**
 * A window of about `length` characters of `text` holding the most words of the query, cut at word
 * boundaries, with an ellipsis where it cuts: enough to tell whether the passage answers.
 */
export function snippetOf(text: string, queryTerms: readonly string[], length = 240): string {
  const plain = plainText(text);
  if (plain.length <= length) return plain;
  const wanted = new Set(queryTerms);
  const words = [...plain.matchAll(/\S+/g)].map((match) => ({
    at: match.index,
    end: match.index + match[0].length,
    hit: termsOf(match[0]).some((term) => wanted.has(term)),
  }));
  let best = 0;
  let bestHits = -1;
  for (let start = 0, end = 0, hits = 0; start < words.length; start++) {
    while (end < words.length && words[end]!.end - words[start]!.at <= length) hits += words[end++]!.hit ? 1 : 0;
    if (hits > bestHits) {
      best = start;
      bestHits = hits;
    }
    hits -= words[start]!.hit ? 1 : 0;
  }
  // Start a little before the window's first hit, at a sentence's start when one is near.
  const hit = Math.max(
    best,
    words.findIndex((word, index) => index >= best && word.hit),
  );
  let first = hit;
  while (first > 0 && hit - first < 6 && !/[.!?:]$/.test(plain.slice(words[first - 1]!.at, words[first - 1]!.end)))
    first--;
  let last = first;
  while (last + 1 < words.length && words[last + 1]!.end - words[first]!.at <= length) last++;
  const cut = plain.slice(words[first]!.at, words[last]!.end);
  return `${first > 0 ? '… ' : ''}${cut}${last < words.length - 1 ? ' …' : ''}`;
}
