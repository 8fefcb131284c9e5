import { readCacheJson, writeCacheJson } from '../util/cache-json.js';
import path from 'node:path';
import { compilerKey } from '../cache/compiler-key.js';
import { bodyDigestOf } from '../content/lazy-body.js';
import type { Article, ContentModel, Resource } from '../content/model.js';
import { isObject } from '../shared/json-shapes.js';
import { sha256 } from '../util/sha256.js';
import { type PremiumSentence, premiumSentences, type SentenceMemo } from './premium-guard.js';

/** What the cache folder keeps, all by the digest of a document's text (textKey). */
interface StoredFindings {
  /** The compiler that found them: another splits or matches sentences its own way. */
  compiler: string;
  /** Each premium text's distinctive sentences. */
  distinctive: Record<string, string[]>;
  /** The digest of the candidates `said` was found for. */
  candidates: string;
  /** Which candidates each free text says, by index. */
  said: Record<string, number[]>;
}

/** A digest of the text premiumSentences reads of a document: its body (by digest) and its people-only passages. */
function textKey(document: Resource | Article): string {
  return sha256(bodyDigestOf(document) + JSON.stringify(document.rendered.peopleOnly ?? null), 'base64');
}

const isRecordOf = (value: unknown, item: (entry: unknown) => boolean): value is Record<string, never> =>
  isObject(value) && Object.values(value).every((entries) => Array.isArray(entries) && entries.every(item));

function isStoredFindings(value: unknown): value is StoredFindings {
  return (
    isObject(value) &&
    typeof value.compiler === 'string' &&
    typeof value.candidates === 'string' &&
    isRecordOf(value.distinctive, (sentence) => typeof sentence === 'string') &&
    isRecordOf(value.said, (index) => Number.isSafeInteger(index))
  );
}

function readStored(file: string): StoredFindings | undefined {
  const stored = readCacheJson(file);
  return isStoredFindings(stored) && stored.compiler === compilerKey() ? stored : undefined;
}

/** What `known` remembers for `key`, else what `make` finds (then `changed` is called); either way kept in `kept`. */
function recall<T>(
  known: Record<string, T>,
  kept: Record<string, T>,
  key: string,
  make: () => T,
  changed: () => void,
): T {
  let found = Object.hasOwn(known, key) ? known[key] : undefined;
  if (found === undefined) {
    changed();
    found = make();
  }
  kept[key] = found;
  return found;
}

/**
 * premiumSentences with the cache folder's memory of what it found in each text: the distinctive
 * sentences of each premium body, and which of them each free text says. It compares the premium
 * bodies with every free document's, so without it every build would read every body of the site,
 * the bodies an incremental build otherwise leaves in the parse cache. A build reads only the texts
 * that changed (and every free one when a premium body changed). The folder holds what the parse
 * cache beside it holds already: premium sentences, and indices.
 */
export function cachedPremiumSentences(model: ContentModel, cacheDir: string | null | undefined): PremiumSentence[] {
  if (!cacheDir) return premiumSentences(model);
  const file = path.join(cacheDir, 'premium-sentences.json');
  const previous = readStored(file);
  const kept: StoredFindings = { compiler: compilerKey(), distinctive: {}, candidates: '', said: {} };
  let changed = false;
  const changes = () => {
    changed = true;
  };
  const memo: SentenceMemo = {
    distinctive: (resource, make) =>
      recall(previous?.distinctive ?? {}, kept.distinctive, textKey(resource), make, changes),
    said: (candidates) => {
      kept.candidates = sha256(JSON.stringify(candidates));
      const known = previous?.candidates === kept.candidates ? previous.said : {};
      return (document, make) => recall(known, kept.said, textKey(document), make, changes);
    },
  };
  const sentences = premiumSentences(model, memo);
  // A text the file knows but no document has any more is dropped from it.
  const dropped =
    !previous ||
    Object.keys(previous.distinctive).length !== Object.keys(kept.distinctive).length ||
    Object.keys(previous.said).length !== Object.keys(kept.said).length;
  // A cache that cannot be written only costs the reads next time.
  if (changed || dropped) writeCacheJson(file, kept);
  return sentences;
}
