import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildFixture } from './helpers/build-fixture.js';
import { cliPath, repoRoot, tempDir } from './helpers/fixtures.js';
import { runCli } from './helpers/run-cli.js';

/** Runs `agentdir new` on a pseudo-terminal and types `keys`, as a person would. */
function atTerminal(keys: string[], target: string) {
  const result = spawnSync(
    'python3',
    [
      path.join(repoRoot, 'test', 'helpers', 'pty-run.py'),
      JSON.stringify(keys),
      process.execPath,
      cliPath,
      'new',
      target,
    ],
    { encoding: 'utf8', timeout: 30_000 },
  );
  return JSON.parse(result.stdout) as { output: string; code: number };
}

describe('agentdir new at a terminal', () => {
  it.each([
    ['Ctrl-C', '\u0003'],
    ['Ctrl-D', '\u0004'],
  ])('%s at the prompt stops cleanly: no stack trace, nothing created', (_name, key) => {
    const target = path.join(tempDir(), 'site');
    const { output, code } = atTerminal([key], target);
    expect(code).toBe(130);
    expect(output).toContain('Stopped: nothing was created.');
    expect(output).not.toMatch(/AbortError|\n\s+at /);
    expect(fs.existsSync(target)).toBe(false);
  });

  it('asks again for a URL that is not one', () => {
    const target = path.join(tempDir(), 'site');
    const { output, code } = atTerminal(['Docs\r', 'docs.acme.com\r', 'https://docs.acme.com\r'], target);
    expect(code).toBe(0);
    expect(output).toContain('"docs.acme.com" is not an absolute http(s) URL');
    expect(fs.readFileSync(path.join(target, 'site.yaml'), 'utf8')).toContain('https://docs.acme.com');
  });
});

describe('agentdir new without a terminal', () => {
  it('refuses to write into a folder that is not empty', () => {
    const dir = tempDir('agentdir-new-');
    fs.writeFileSync(path.join(dir, 'keep.txt'), 'mine');
    const run = runCli(dir, ['new', dir]);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('is not empty');
    expect(fs.readdirSync(dir)).toEqual(['keep.txt']);
    expect(fs.readFileSync(path.join(dir, 'keep.txt'), 'utf8')).toBe('mine');
  });

  it('says which name and URL it used', () => {
    const target = path.join(tempDir(), 'site');
    const result = spawnSync(process.execPath, [cliPath, 'new', target], { encoding: 'utf8', input: '' });
    expect(result.status).toBe(0);
    expect(result.stderr).toContain(
      'No terminal to ask on: using the name "My agent directory" and the URL https://example.com',
    );
  });
});

describe('a new site, built', () => {
  it('names its resource category so it does not read as the guides (articles) in llms.txt and the navigation', async () => {
    const site = path.join(tempDir(), 'site');
    const created = spawnSync(
      process.execPath,
      [cliPath, 'new', site, '--name', 'Fresh', '--url', 'https://fresh.example'],
      {
        encoding: 'utf8',
      },
    );
    expect(created.status).toBe(0);
    // A free resource in the scaffold's own category, as an editor's first one would be, gets a section of llms.txt.
    const premium = fs.readFileSync(path.join(site, 'resources', 'field-guide.md'), 'utf8');
    const category = /^category: (.+)$/m.exec(premium)![1]!;
    fs.writeFileSync(
      path.join(site, 'resources', 'first-notes.md'),
      `---\ntitle: First notes\ndescription: Notes to start from.\ncategory: ${category}\ntags: [reference]\nupdated: 2026-01-01\n---\n\nSome notes.\n`,
    );
    const { outDir } = await buildFixture(site);
    const llms = fs.readFileSync(path.join(outDir, 'public', 'llms.txt'), 'utf8');
    const sections = [...llms.matchAll(/^## (.+)$/gm)].map((match) => match[1]!);
    expect(sections.filter((section) => /^Guides\b/.test(section))).toEqual(['Guides: Getting going']);
    const home = fs.readFileSync(path.join(outDir, 'public', 'index.html'), 'utf8');
    const headings = [...home.matchAll(/<h[23][^>]*>(?:<a [^>]*>)?([^<]+)/g)].map((match) => match[1]!.trim());
    expect(headings.filter((heading) => heading === 'Guides')).toHaveLength(1);
    expect(home).not.toContain('href="/categories/guides"');
  });
});
