import { readCacheJson, writeCacheJson } from '../util/cache-json.js';
import path from 'node:path';
import { compilerKey } from './compiler-key.js';
import { readAgentPatterns } from '../readers/agent-patterns.js';
import type { AgentPattern } from '../shared/readers/agent-pattern.js';
import { isObject } from '../shared/json-shapes.js';

/** What the cache folder keeps: the patterns, and what made them. */
interface StoredPatterns {
  /** The compiler key covers the installed crawler list (src/cache/compiler-key.ts). */
  compiler: string;
  /** Patterns this platform's RegExp refuses are left out: another Node may refuse others. */
  node: string;
  patterns: AgentPattern[];
}

const kinds = new Set<unknown>(['ai-agent', 'crawler']);

function isAgentPattern(value: unknown): value is AgentPattern {
  return (
    isObject(value) &&
    typeof value.pattern === 'string' &&
    typeof value.name === 'string' &&
    (value.operator === null || typeof value.operator === 'string') &&
    kinds.has(value.kind)
  );
}

function readStored(file: string): AgentPattern[] | undefined {
  const stored = readCacheJson(file);
  if (!isObject(stored) || stored.compiler !== compilerKey() || stored.node !== process.version) return undefined;
  return Array.isArray(stored.patterns) && stored.patterns.every(isAgentPattern) ? stored.patterns : undefined;
}

/**
 * The crawler list's patterns as an earlier build of this compiler made them, from the cache folder;
 * else `make`'s (the installed list's, by default), kept there for the next build. Making them reads
 * the list (440 KB) and names every entry: some 30 ms of every build at 4,000 resources, for a list
 * that changes only with the installed package.
 */
export function cachedAgentPatterns(cacheDir: string, make = readAgentPatterns): AgentPattern[] {
  const file = path.join(cacheDir, 'agent-patterns.json');
  const known = readStored(file);
  if (known) return known;
  const patterns = make();
  const stored: StoredPatterns = { compiler: compilerKey(), node: process.version, patterns };
  // A cache that cannot be written only costs the list's reading next time.
  writeCacheJson(file, stored);
  return patterns;
}
