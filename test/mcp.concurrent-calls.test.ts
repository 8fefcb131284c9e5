import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerBudgetBytes } from '../src/worker/mcp/answer-budget.js';
import { buildFixture } from './helpers/build-fixture.js';
import { repoRoot, tempDir } from './helpers/fixtures.js';
import { startServe, startWorkerd } from './helpers/runtimes.js';
import { maxAnswerBytes } from '../src/shared/mcp-limits.js';

/** As many requests as an isolate answers at once (more are told 503 and Retry-After). */
const atOnce = answerBudgetBytes / maxAnswerBytes;
const queries = ['how do I start', 'pricing of premium resources', 'mcp server tools', 'access keys', 'x402 payments'];

let id = 0;
/** One MCP `search` call over HTTP: the number of hits it answered with. */
async function search(url: string, query: string): Promise<number> {
  const response = await fetch(`${url}mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: ++id,
      method: 'tools/call',
      params: { name: 'search', arguments: { query, limit: 10 } },
    }),
  });
  const text = await response.text();
  expect(response.status, text.slice(0, 300)).toBe(200);
  return JSON.parse(text).result.structuredContent.count;
}

/** Milliseconds `calls` take, the fastest of five rounds: the least a busy machine added to them. */
async function fastestOf(calls: () => Promise<unknown>): Promise<number> {
  let fastest = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 5; round++) {
    const started = performance.now();
    await calls();
    fastest = Math.min(fastest, performance.now() - started);
  }
  return fastest;
}

/**
 * The same searches sent one after another and all at once: at once, each waits for the others'
 * turns (messages run one at a time), so it takes about as long as one after another, never far longer.
 */
async function expectPromptTurns(url: string, runtime: string) {
  const chosen = queries.slice(0, atOnce);
  for (const query of chosen) expect(await search(url, query)).toBeGreaterThan(0);
  const inTurn = await fastestOf(async () => {
    for (const query of chosen) await search(url, query);
  });
  const together = await fastestOf(() => Promise.all(chosen.map((query) => search(url, query))));
  console.info(
    `${runtime}: ${chosen.length} searches one after another ${inTurn.toFixed(0)} ms, at once ${together.toFixed(0)} ms`,
  );
  // A turn handed on late costs 50 ms or more: four at once took 100 ms more than in turn, on workerd.
  expect(together).toBeLessThan(inTurn + 40);
}

let dist = '';
let keysFile = '';

beforeAll(async () => {
  dist = (await buildFixture(path.join(repoRoot, 'content'))).outDir;
  keysFile = path.join(tempDir(), 'keys.json');
  fs.writeFileSync(keysFile, JSON.stringify({ keys: [] }));
}, 60_000);

describe('MCP calls at once', () => {
  describe('workerd', () => {
    let runtime: Awaited<ReturnType<typeof startWorkerd>>;
    beforeAll(async () => {
      runtime = await startWorkerd(dist, {});
    });
    afterAll(() => runtime?.close());

    it('answers searches sent at once about as fast as one after another', async () => {
      await expectPromptTurns(runtime.url, 'workerd');
    }, 30_000);
  });

  describe('agentdir serve', () => {
    let server: Awaited<ReturnType<typeof startServe>>;
    beforeAll(async () => {
      server = await startServe(dist, keysFile);
    });
    afterAll(() => server?.close());

    it('answers searches sent at once about as fast as one after another', async () => {
      await expectPromptTurns(server.url, 'serve');
    }, 30_000);
  });
});
