import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { lazyModuleNames } from '../src/shared/lazy-modules.js';
import { workerRoutePatterns } from '../src/shared/routes.js';
import { workerCodeBudget } from '../src/compile/worker-budget.js';
import { buildFixture } from './helpers/build-fixture.js';
import { fixturesDir } from './helpers/fixtures.js';
import { readWranglerConfig } from './helpers/runtimes.js';

let dist = '';
let codeBytes = 0;
beforeAll(async () => {
  const result = await buildFixture(path.join(fixturesDir, 'minimal'));
  dist = result.outDir;
  codeBytes = result.worker!.codeBytes;
});

describe('the generated worker', () => {
  it('is one ES module exporting a default fetch handler, with no Node APIs and no imports but its own lazy modules', async () => {
    const source = fs.readFileSync(path.join(dist, 'worker/worker.js'), 'utf8');
    // The one import: a module of its own beside worker.js, loaded when a wallet signs in.
    const lazyImports = source.match(/\bimport\("\.\/[a-z-]+\.js"\)/g) ?? [];
    expect(lazyImports).toEqual(lazyModuleNames.map((name) => `import("./${name}.js")`));
    const rest = source.replaceAll(/\bimport\("\.\/[a-z-]+\.js"\)/g, '');
    expect(rest).not.toMatch(/\bimport\s*[\s{*"'(]/);
    expect(rest).not.toMatch(/\brequire\(/);
    expect(rest).not.toMatch(/node:|process\.|\bBuffer\b|__dirname/);
    for (const name of lazyModuleNames) {
      const lazy = fs.readFileSync(path.join(dist, `worker/${name}.js`), 'utf8');
      expect(lazy).not.toMatch(/\bimport\s*[\s{*"'(]|\brequire\(|node:|process\.|\bBuffer\b|__dirname/);
    }
    const module = await import(path.join(dist, 'worker/worker.js'));
    expect(typeof module.default.fetch).toBe('function');
    const response: Response = await module.default.fetch(new Request('https://x.test/resources/data-formats.md'), {});
    expect(response.status).toBe(402);
  });

  it('keeps its code, without the site data, within its budget', () => {
    expect(codeBytes).toBeGreaterThan(1000);
    expect(codeBytes).toBeLessThanOrEqual(workerCodeBudget);
  });

  it('answers unknown paths with a JSON 404 when there is no ASSETS binding', async () => {
    const module = await import(path.join(dist, 'worker/worker.js'));
    const response: Response = await module.default.fetch(new Request('https://x.test/nothing-here'), {});
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: 'not_found' });
  });
});

describe('dist/wrangler.jsonc', () => {
  it('points main at the worker and assets at public/, running the worker first on exactly its routes', () => {
    const config = readWranglerConfig(dist);
    expect(config.main).toBe('worker/worker.js');
    expect(config.assets).toMatchObject({ directory: 'public', binding: 'ASSETS' });
    expect(config.assets.run_worker_first).toEqual(
      workerRoutePatterns(['data-formats', 'json-api'], { feedback: true }),
    );
    expect(config.assets.run_worker_first).toContain('/api/corpus.full.jsonl');
    expect(config.assets.run_worker_first).toContain('/resources/json-api.md');
    expect(config.compatibility_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("names its $schema by a path that resolves from dist/ to the project's node_modules", () => {
    const schema = (readWranglerConfig(dist) as unknown as { $schema: string }).$schema;
    expect(path.posix.normalize(path.posix.join('dist', schema))).toBe('node_modules/wrangler/config-schema.json');
  });
});
