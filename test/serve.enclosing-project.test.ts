import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildFixture } from './helpers/build-fixture.js';
import { fixturesDir, tempDir } from './helpers/fixtures.js';
import { startServe } from './helpers/runtimes.js';

// `dist/` sits in the user's project, whose package.json (if any) decides how Node reads a .js file.
const projects: [string, Record<string, unknown> | null][] = [
  ['a CommonJS project (what `npm init -y` writes)', { name: 'site', version: '1.0.0', type: 'commonjs' }],
  ['a project with no "type"', { name: 'site', version: '1.0.0' }],
  ['an ES module project', { name: 'site', type: 'module' }],
  ['a workspace root', { name: 'root', private: true, workspaces: ['packages/*'] }],
  ['no package.json at all', null],
];

describe('agentdir serve inside a user’s project', () => {
  it.each(projects)('loads the worker as an ES module in %s', async (_, packageJson) => {
    const project = tempDir('agentdir-project-');
    if (packageJson) fs.writeFileSync(path.join(project, 'package.json'), JSON.stringify(packageJson));
    const dist = path.join(project, 'dist');
    await buildFixture(path.join(fixturesDir, 'minimal'), dist);
    const serve = await startServe(dist, path.join(project, 'keys.json'));
    try {
      expect((await serve.request('/')).status).toBe(200);
      const premium = await serve.request('/api/resources/data-formats.json');
      expect(premium.status).toBe(402);
      expect(JSON.parse(premium.body).error).toBe('payment_required');
    } finally {
      await serve.close();
    }
  });
});
