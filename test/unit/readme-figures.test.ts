import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { workerCodeBudget } from '../../src/build/worker-budget.js';
import { defaultLimits } from '../../src/grader/fetcher.js';
import { facilitatorTimeoutMs, maxFacilitatorAnswerBytes } from '../../src/worker/x402/facilitator.js';
import { repoRoot } from '../helpers/fixtures.js';

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
