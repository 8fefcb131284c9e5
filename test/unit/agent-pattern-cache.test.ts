import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cachedAgentPatterns } from '../../src/cache/agent-pattern-cache.js';
import { agentPatternsFrom } from '../../src/readers/agent-patterns.js';
import type { AgentPattern } from '../../src/shared/readers/agent-pattern.js';
import { tempDir } from '../helpers/fixtures.js';

const made = agentPatternsFrom([
  { pattern: 'GPTBot', url: 'https://openai.com/gptbot', tags: ['ai-crawler'] },
  { pattern: '[bB]ingbot', url: 'https://www.bing.com/bingbot.htm', instances: ['Mozilla/5.0 (bingbot/2.0)'] },
]);

function unreachable(): AgentPattern[] {
  throw new Error('made again although the cache folder held them');
}

describe('the crawler patterns kept in the cache folder', () => {
  it('are made once, then read back as they were made', () => {
    const cacheDir = tempDir('agentdir-patterns-');
    let calls = 0;
    const first = cachedAgentPatterns(cacheDir, () => {
      calls++;
      return made;
    });
    expect(first).toEqual(made);
    expect(calls).toBe(1);
    expect(cachedAgentPatterns(cacheDir, unreachable)).toEqual(made);
  });

  it.each([
    ['another compiler', (stored: Record<string, unknown>) => ({ ...stored, compiler: 'another' })],
    ['another Node', (stored: Record<string, unknown>) => ({ ...stored, node: 'v0.0.0' })],
    ['a pattern of another shape', (stored: Record<string, unknown>) => ({ ...stored, patterns: [{ pattern: 1 }] })],
  ])('are made again when the file is from %s', (_, change) => {
    const cacheDir = tempDir('agentdir-patterns-');
    cachedAgentPatterns(cacheDir, () => made);
    const file = path.join(cacheDir, 'agent-patterns.json');
    fs.writeFileSync(file, JSON.stringify(change(JSON.parse(fs.readFileSync(file, 'utf8')))));
    const remade = [made[0]!];
    expect(cachedAgentPatterns(cacheDir, () => remade)).toEqual(remade);
    // And the file now holds what was made.
    expect(cachedAgentPatterns(cacheDir, unreachable)).toEqual(remade);
  });

  it('are made again over a torn file, and made when the folder cannot be written', () => {
    const cacheDir = tempDir('agentdir-patterns-');
    fs.writeFileSync(path.join(cacheDir, 'agent-patterns.json'), '{"compiler":');
    expect(cachedAgentPatterns(cacheDir, () => made)).toEqual(made);
    const blocked = path.join(cacheDir, 'a-file');
    fs.writeFileSync(blocked, '');
    expect(cachedAgentPatterns(path.join(blocked, 'cache'), () => made)).toEqual(made);
  });
});
