import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { workerCodeBudget } from '../../src/compile/worker-budget.js';
import { defaultLimits } from '../../src/grader/fetcher.js';
import { facilitatorTimeoutMs, maxFacilitatorAnswerBytes } from '../../src/worker/x402/facilitator.js';
import { assetCacheBytes } from '../../src/worker/asset-cache.js';
import { answerBudgetBytes } from '../../src/worker/mcp/answer-budget.js';
import { maxCorpusPageBytes } from '../../src/worker/mcp/tools/get-corpus.js';
import { maxNestingDepth, maxRewriteWork } from '../../src/content/nesting-limit.js';
import { renderBudgetMs } from '../../src/content/parse-budget.js';
import { repoRoot } from '../helpers/fixtures.js';
import { maxAnswerBytes, maxBatchItems, maxBodyBytes, retryAfterSeconds } from '../../src/shared/mcp-limits.js';

const readme = fs.readFileSync(path.join(repoRoot, 'README.md'), 'utf8');

it('names the worker budget the build enforces', () => {
  const named = [...readme.matchAll(/budget is (\d+) KiB/g)].map((match) => Number(match[1]));
  expect(named.length).toBeGreaterThan(0);
  expect(new Set(named)).toEqual(new Set([workerCodeBudget / 1024]));
});

it('names the bounds of outbound answers the grader and the x402 gateway enforce', () => {
  const row = (where: string) => readme.split('\n').find((line) => line.startsWith(`| ${where} `)) ?? '';
  expect(row('x402 facilitator')).toContain(
    `${maxFacilitatorAnswerBytes / 1024} KiB and ${facilitatorTimeoutMs / 1000} s per answer`,
  );
  expect(row('grader fetches')).toContain(
    `${defaultLimits.maxBytes.toLocaleString('en-US')} bytes and ${defaultLimits.perFetchMs / 1000} s per answer`,
  );
  expect(row('grader fetches')).toContain(
    `${defaultLimits.maxFetches} requests and ${defaultLimits.totalMs / 1000} s per grading`,
  );
});

it('names the bounds of /mcp the worker enforces in the Limits table', () => {
  const limits = readme.slice(readme.indexOf('## Limits'), readme.indexOf('\n## ', readme.indexOf('## Limits') + 1));
  const mebibytes = (bytes: number) => `${bytes / 1024 / 1024} MiB`;
  for (const figure of [
    `${maxBodyBytes / 1024} KiB, one message or a batch of at most ${maxBatchItems}`,
    `${mebibytes(maxAnswerBytes)} of JSON`,
    `${mebibytes(answerBudgetBytes)} of answers`,
    `Retry-After: ${retryAfterSeconds}`,
    `${mebibytes(maxCorpusPageBytes)} of them`,
    `${mebibytes(assetCacheBytes)} of their text kept parsed`,
    '128 MB',
  ])
    expect(limits).toContain(figure);
});

it('names the limits the Markdown parse is held to', () => {
  const row = (where: string) => readme.split('\n').find((line) => line.startsWith(`| ${where} `)) ?? '';
  expect(row('a paragraph')).toContain(`| ${maxNestingDepth} emphasis markers and brackets open at once`);
  expect(row('parse work')).toContain(`| ${maxRewriteWork / 1_000_000} million lines above`);
  const perMebibyte = (renderBudgetMs(1024 * 1024) - renderBudgetMs(0)) / 1000;
  expect(row('render time')).toContain(`| ${renderBudgetMs(0) / 1000} s, and ${perMebibyte} s more per MiB of body`);
});
