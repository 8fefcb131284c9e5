import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { compilerKey } from '../cache/compiler-key.js';
import { bodyDigestOf } from '../content/lazy-body.js';
import type { Article, ContentModel, Resource } from '../content/model.js';
import { isObject } from '../shared/json-shapes.js';
import { readRegularFileSync } from '../util/regular-file.js';
import { writeAtomically } from '../util/write-atomically.js';
import { sha256 } from '../util/sha256.js';
import { type PremiumSentence, premiumSentences, type SentenceMatches } from './premium-guard.js';

/** What the cache folder keeps: the candidates' digest, and which of them each free text says. */
interface StoredMatches {
  candidates: string;
  /** By the digest of a document's text (textKey): the indices of the candidates it says. */
  matches: Record<string, number[]>;
}

/** A digest of the text premiumSentences reads of a free document: its body (by digest) and its people-only passages. */
function textKey(document: Resource | Article): string {
  return sha256(bodyDigestOf(document) + JSON.stringify(document.rendered.peopleOnly ?? null), 'base64');
}

function candidatesKey(candidates: PremiumSentence[]): string {
  return createHash('sha256').update(compilerKey()).update(JSON.stringify(candidates)).digest('hex');
}

function isStoredMatches(value: unknown): value is StoredMatches {
  return (
    isObject(value) &&
    typeof value.candidates === 'string' &&
    isObject(value.matches) &&
    Object.values(value.matches).every(
      (indices) => Array.isArray(indices) && indices.every((index) => Number.isSafeInteger(index)),
    )
  );
}

function readStored(file: string): StoredMatches | undefined {
  const read = readRegularFileSync(file);
  if (!read.ok) return undefined;
  try {
    const stored: unknown = JSON.parse(read.bytes.toString('utf8'));
    return isStoredMatches(stored) ? stored : undefined;
  } catch {
    return undefined;
  }
}

/**
 * premiumSentences with the cache folder's memory of which candidate sentences each free text
 * says: it compares the premium bodies with every free document's, so without it every build would
 * read every body of the site, the bodies an incremental build otherwise leaves in the parse cache.
 * A build reads only the free documents whose text changed (and the premium bodies). The folder
 * holds indices and digests, no text.
 */
export function cachedPremiumSentences(model: ContentModel, cacheDir: string | null | undefined): PremiumSentence[] {
  if (!cacheDir) return premiumSentences(model);
  const file = path.join(cacheDir, 'premium-sentences.json');
  let kept: StoredMatches | undefined;
  let changed = false;
  let knownCount = 0;
  const sentences = premiumSentences(model, (candidates) => {
    const key = candidatesKey(candidates);
    const previous = readStored(file);
    const known = previous?.candidates === key ? previous.matches : {};
    // A text the file knows but no document has any more is dropped from it.
    changed = Object.keys(known).length === 0;
    knownCount = Object.keys(known).length;
    kept = { candidates: key, matches: {} };
    const matches = kept.matches;
    const keys = new Map<Resource | Article, string>();
    const keyOf = (document: Resource | Article) => {
      let text = keys.get(document);
      if (text === undefined) {
        text = textKey(document);
        keys.set(document, text);
      }
      return text;
    };
    return {
      get: (document) => {
        const text = keyOf(document);
        const found = Object.hasOwn(known, text) ? known[text] : undefined;
        if (found) matches[text] = found;
        return found;
      },
      set: (document, found) => {
        matches[keyOf(document)] = [...found];
        changed = true;
      },
    } satisfies SentenceMatches;
  });
  // When every text was known and none is gone, the file already says all this.
  if (kept && (changed || knownCount !== Object.keys(kept.matches).length)) {
    try {
      fs.mkdirSync(cacheDir, { recursive: true });
      writeAtomically(file, JSON.stringify(kept));
    } catch {
      // A cache that cannot be written only costs the reads next time.
    }
  }
  return sentences;
}
