import type { ReadFormat } from '../../shared/readers/reader-event.js';
import { publicPaths } from '../../shared/public-paths.js';

/** The most characters of a header or query kept in a row: enough to tell readers apart, never a flood. */
export const maxStoredCharacters = 512;

/** A header value as stored: at most `maxStoredCharacters`, null when absent. */
export function boundedHeader(value: string | null): string | null {
  return value === null ? null : value.slice(0, maxStoredCharacters);
}

/** What a reader was given, from the path asked and the media type answered. */
export function formatOf(pathname: string, contentType: string | null): ReadFormat {
  if (pathname === publicPaths.mcp) return 'mcp';
  if (/^\/llms(-full)?(\.txt|\/)/.test(pathname)) return 'llms-txt';
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'text/markdown' || pathname.endsWith('.md')) return 'markdown';
  if (type === 'application/x-ndjson' || type === 'application/jsonl' || pathname.endsWith('.jsonl')) return 'ndjson';
  if (type === 'application/json' || type.endsWith('+json')) return 'json';
  if (type === 'text/html') return 'html';
  if (type === 'text/plain') return 'text';
  return 'other';
}
