import path from 'node:path';
import { readCacheJson, writeCacheJson } from '../util/cache-json.js';
import type { Problem } from '../errors/problem.js';
import { isObject } from '../shared/json-shapes.js';
import { sha256 } from '../util/sha256.js';
import type { CheckedDocument } from './cross-checks.js';
import { ParseCache } from './parse-cache.js';

/** Bumped when the table's layout changes; a table of another version is ignored. */
const tableVersion = 1;

/** What the content checks found in one document, by check, in the order crossCheck lists them. */
export interface DocumentFindings {
  /** The resource's own fields and sources (none for a guide). */
  fields: Problem[];
  links: Problem[];
  urlSchemes: Problem[];
  audienceMarkers: Problem[];
}

interface Entry {
  /** A digest of the document's heading anchors: what links from other documents are checked against. */
  anchors: string;
  /** What the checks found, under `context`. */
  findings?: DocumentFindings;
}

/**
 * What the last build's content checks found in each document, by parse-cache key. A document's
 * findings depend on the document (its key: path, kind and bytes) and on what they are checked
 * against: the site's settings, the documents links may point at with their anchors, and where the
 * build runs from (problems name files as the working folder sees them). While those are unchanged,
 * a document parsed from the same bytes has the same findings, and its links, sources and anchors
 * need not even be decoded from the parse cache (src/markdown/lazy-rendering.ts). Kept beside the
 * cache's packs, in the folder of this compiler and content folder; a table that cannot be read only
 * costs the checks.
 */
export class CrossCheckMemo {
  private readonly file: string;
  private readonly previous: { context: string; entries: Map<string, Entry> };
  private readonly next = new Map<string, Entry>();
  private context = '';
  private changed = false;

  /** `keyOf`: the parse-cache key of each document file, when the cache gave or took its parse. */
  constructor(
    cacheDir: string,
    contentDir: string,
    private readonly keyOf: (file: string) => string | undefined,
  ) {
    this.file = path.join(ParseCache.folder(cacheDir, contentDir), 'cross-checks.json');
    this.previous = readTable(this.file);
  }

  /** The digest of `document`'s anchors: the last build's when its parse is the same, else made from them. */
  anchorsDigest(document: CheckedDocument): string {
    const key = this.keyOf(document.file);
    const known = key === undefined ? undefined : (this.next.get(key) ?? this.previous.entries.get(key));
    const anchors = known?.anchors ?? sha256(JSON.stringify(document.rendered.anchors), 'base64');
    if (key !== undefined && !this.next.has(key)) this.next.set(key, { anchors });
    return anchors;
  }

  /** Sets what every document is checked against (a digest): findings made under another are not recalled. */
  checkAgainst(context: string): void {
    this.context = context;
    if (context !== this.previous.context) this.changed = true;
  }

  /** What the last build found in `document`, when nothing it was checked against has changed since. */
  recall(document: CheckedDocument): DocumentFindings | undefined {
    const key = this.keyOf(document.file);
    if (key === undefined || this.context !== this.previous.context) return undefined;
    const findings = this.previous.entries.get(key)?.findings;
    if (findings) this.next.set(key, { anchors: this.anchorsDigest(document), findings });
    return findings;
  }

  /** Keeps what the checks found in `document` for the next build. */
  remember(document: CheckedDocument, findings: DocumentFindings): void {
    const key = this.keyOf(document.file);
    if (key === undefined) return;
    this.next.set(key, { anchors: this.anchorsDigest(document), findings });
    this.changed = true;
  }

  /** Writes the table when this build found anything anew or checks fewer documents. Never throws. */
  save(): void {
    if (!this.changed && this.next.size === this.previous.entries.size) return;
    // Most documents have no findings at all: 0 says so in a byte.
    const documents = [...this.next].map(([key, { anchors, findings }]) =>
      findings ? [key, anchors, findingsCount(findings) ? findings : 0] : [key, anchors],
    );
    // Only time is lost if it cannot be written: the next build checks every document again.
    writeCacheJson(this.file, { version: tableVersion, context: this.context, documents });
  }
}

const checks = ['fields', 'links', 'urlSchemes', 'audienceMarkers'] as const;

function noFindings(): DocumentFindings {
  return { fields: [], links: [], urlSchemes: [], audienceMarkers: [] };
}

function findingsCount(findings: DocumentFindings): number {
  return checks.reduce((count, name) => count + findings[name].length, 0);
}

function isProblem(value: unknown): value is Problem {
  return (
    isObject(value) &&
    ['code', 'severity', 'file', 'field', 'message', 'hint', 'docs'].every((name) => typeof value[name] === 'string') &&
    Number.isSafeInteger(value.line) &&
    Number.isSafeInteger(value.column)
  );
}

function isFindings(value: unknown): value is DocumentFindings {
  return (
    isObject(value) && checks.every((name) => Array.isArray(value[name]) && (value[name] as unknown[]).every(isProblem))
  );
}

function readTable(file: string): { context: string; entries: Map<string, Entry> } {
  const entries = new Map<string, Entry>();
  // Torn or of another shape: every document is checked again, and the table written anew.
  const parsed = readCacheJson(file);
  if (!isObject(parsed) || parsed.version !== tableVersion || typeof parsed.context !== 'string')
    return { context: '', entries };
  if (!Array.isArray(parsed.documents)) return { context: '', entries };
  for (const item of parsed.documents) {
    const [key, anchors, findings] = Array.isArray(item) ? (item as unknown[]) : [];
    if (typeof key !== 'string' || typeof anchors !== 'string') continue;
    const known = findings === 0 ? noFindings() : isFindings(findings) ? findings : undefined;
    entries.set(key, known ? { anchors, findings: known } : { anchors });
  }
  return { context: parsed.context, entries };
}
