// The words of a text as the full-text search indexes and queries them (README: Search). Web-standard
// code: the build indexes with it, and the worker and the search page query with it, so a word is
// always cut, folded and stemmed the same way on both sides.
import { stemmer } from 'stemmer';
import { eng } from 'stopword';

/** English function words (the stopword package's list), and the question words agents start with. */
const stopWords = new Set([...eng, 'does', 'doing', 'done', 'why', 'when', 'whether', 'will', 'its', 'vs', 'etc']);

/** A word: letters and digits, with `-`, `_`, `.`, `/`, `'` or `,` between them (gpt-4o, pre_tool_call, llms.txt, 1,024). */
const wordPattern = /[\p{L}\p{N}]+(?:[-_./'’,][\p{L}\p{N}]+)*/gu;
const thousands = /^\d{1,3}(?:,\d{3})+$/;
/** `agent's`, `don't`, `we're`: the part before the apostrophe is the word. */
const clitic = /['’](?:s|t|re|ve|ll|d|m)$/;

/** Lowercase, without accents: `Café` and `cafe` are one word. */
function fold(word: string): string {
  const lower = word.toLowerCase();
  return /[^ -~]/.test(lower) ? lower.normalize('NFKD').replace(/\p{M}/gu, '') : lower;
}

/** Stems already made: a site's vocabulary is small beside its word count. Bounded, for long-lived isolates. */
const stems = new Map<string, string>();
const maxStems = 100_000;

function stem(word: string): string {
  let stemmed = stems.get(word);
  if (stemmed === undefined) {
    stemmed = /^\p{N}/u.test(word) ? word : stemmer(word);
    if (stems.size >= maxStems) stems.clear();
    stems.set(word, stemmed);
  }
  return stemmed;
}

function keep(word: string): boolean {
  return (word.length > 1 || /\p{N}/u.test(word)) && !stopWords.has(word);
}

/**
 * Every term occurrence of `text`, in order: folded, stop words left out, stemmed (Porter), so
 * `retrying` and `retries` are one term and `at` never matches inside `rate`. A joined word counts
 * as its parts and as the whole (`gpt-4o`: gpt, 4o, gpt4o); `1,024` is one number.
 */
export function termsOf(text: string): string[] {
  const terms: string[] = [];
  for (const [raw] of text.matchAll(wordPattern)) {
    let word = fold(raw).replace(clitic, '');
    if (thousands.test(word)) {
      terms.push(word.replaceAll(',', ''));
      continue;
    }
    const parts = word.split(/[-_./'’,]/).filter(Boolean);
    if (parts.length > 1) {
      for (const part of parts) if (keep(part)) terms.push(stem(part));
      word = parts.join('');
    }
    if (keep(word)) terms.push(stem(word));
  }
  return terms;
}

/** The distinct terms of a query, in the order first written. */
export function queryTermsOf(query: string): string[] {
  return [...new Set(termsOf(query))];
}
