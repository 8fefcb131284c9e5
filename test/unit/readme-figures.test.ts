import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { workerCodeBudget } from '../../src/build/worker-budget.js';
import { repoRoot } from '../helpers/fixtures.js';

const readme = fs.readFileSync(path.join(repoRoot, 'README.md'), 'utf8');

it('names the worker budget the build enforces', () => {
  const named = [...readme.matchAll(/budget is (\d+) KiB/g)].map((match) => Number(match[1]));
  expect(named.length).toBeGreaterThan(0);
  expect(new Set(named)).toEqual(new Set([workerCodeBudget / 1024]));
});
