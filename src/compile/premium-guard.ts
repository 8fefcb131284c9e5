import type { Article, ContentModel, Resource } from '../content/model.js';
import { contentText, type OutputFile } from '../emit/output.js';
import { sha256 } from '../util/sha256.js';

/** Thrown when a public file would carry premium prose: the build stops rather than publish it. */
export class PremiumLeakError extends Error {
  override readonly name = 'PremiumLeakError';
}

/** Sentences of a text long enough to be distinctive (short ones like "See below." occur anywhere). */
export function distinctiveSentences(markdown: string, minLength = 40): string[] {
  return markdown
    .split(/(?<=[.!?])\s+|\n+/)
    .map((sentence) => sentence.replace(/^[#>*\-\d.\s|]+/, '').trim())
    .filter((sentence) => sentence.length >= minLength);
}

/** A distinctive sentence of a premium body, and whose it is. */
export interface PremiumSentence {
  slug: string;
  sentence: string;
}

/**
 * What premiumSentences finds in each text, remembered between builds so an unchanged document's
 * text need not be read again (see premium-sentence-cache.ts). Each gives what it remembers of a
 * document, or what `make` finds (and remembers that).
 */
export interface SentenceMemo {
  /** The distinctive sentences of a premium resource's text. */
  distinctive(resource: Resource, make: () => string[]): readonly string[];
  /** For these candidates: which of them a free document's text says, by index. */
  said(candidates: PremiumSentence[]): (document: Resource | Article, make: () => number[]) => readonly number[];
}

/**
 * Every distinctive sentence of every premium body that no public text (preview, teaser, free document)
 * also says. A premium resource's `sources` are public metadata (README: Content): the exports carry
 * its citation URLs, never the lines of its Verified sources section, which this guard still covers.
 */
export function premiumSentences(model: ContentModel, memo?: SentenceMemo): PremiumSentence[] {
  const premium = model.resources.filter((resource) => resource.premium);
  const candidates = premium.flatMap((resource) => {
    const make = () => distinctiveSentences(wholeText(resource));
    return (memo ? memo.distinctive(resource, make) : make()).map((sentence) => ({ slug: resource.slug, sentence }));
  });
  if (!candidates.length) return [];
  // Public by design: the preview and teaser of premium resources, and whatever free documents also say.
  const shown = premium.flatMap((resource) => [
    resource.title,
    resource.description,
    resource.premium_summary ?? '',
    ...resource.rendered.sections,
  ]);
  const remembered = memo?.said(candidates);
  const said = new Set<number>();
  for (const document of [...model.resources.filter((resource) => !resource.premium), ...model.articles]) {
    const make = () => {
      const text = wholeText(document);
      return candidates.flatMap(({ sentence }, index) => (text.includes(sentence) ? [index] : []));
    };
    for (const index of remembered ? remembered(document, make) : make()) said.add(index);
  }
  return candidates.filter(({ sentence }, index) => !said.has(index) && !shown.some((text) => text.includes(sentence)));
}

/** A body with its people-only passages, which only its HTML page carries (`body` is the agents' text). */
function wholeText(document: Resource | Article): string {
  const people = document.rendered.peopleOnly;
  return people?.length ? `${document.body}\n\n${people.join('\n\n')}` : document.body;
}

/**
 * A check of every chunk bound for `public/` against the premium sentences. Defence in depth:
 * emitters never receive premium bodies for public files, and this proves it. Plain data in, so
 * worker threads that write pages run the same check.
 */
export function leakGuard(sentences: PremiumSentence[]): (path: string, chunk: string) => void {
  return (path, chunk) => {
    if (!sentences.length || !path.startsWith('public/')) return;
    const leak = sentences.find(({ sentence }) => chunk.includes(sentence));
    if (leak) {
      throw new PremiumLeakError(
        `${path} would contain text of the premium resource \`${leak.slug}\` ("${leak.sentence.slice(0, 60)}..."). Nothing was written. This is a bug in agentdir or a custom template; premium bodies must only reach worker/.`,
      );
    }
  };
}

/** What leakGuard(sentences) looks for, as one digest: equal digests, equal verdicts on equal bytes. */
export function guardDigest(sentences: PremiumSentence[]): string {
  return sha256(JSON.stringify(sentences.map(({ slug, sentence }) => [slug, sentence])));
}

export function premiumLeakGuard(model: ContentModel): (path: string, chunk: string) => void {
  return leakGuard(premiumSentences(model));
}

/** The guard over a list of whole files. */
export function assertNoPremiumLeak(model: ContentModel, files: OutputFile[]): void {
  const inspect = premiumLeakGuard(model);
  for (const file of files) inspect(file.path, contentText(file));
}
