import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { problemCatalog } from '../src/errors/catalog.js';
import { repoRoot } from './helpers/fixtures.js';

describe('the packed package', () => {
  it('ships the page of every problem code, which every problem links to', () => {
    // The file list `npm pack` would put in the tarball, without running prepare: only `files` decides it.
    const packed = JSON.parse(
      execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
        cwd: repoRoot,
        encoding: 'utf8',
        env: { ...process.env, npm_config_update_notifier: 'false' },
      }),
    ) as { files: { path: string }[] }[];
    const shipped = new Set(packed[0]!.files.map((file) => file.path));
    const missing = Object.keys(problemCatalog).filter((code) => !shipped.has(`docs/problems/${code}.md`));
    expect(missing).toEqual([]);
    expect(shipped.has('docs/problems/README.md')).toBe(true);
  });
});
