import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generate } from '../scripts/bench/generate.mjs';
import { testEpoch } from './helpers/build-fixture.js';
import { cliPath, copyFixture, fixturesDir, readTree, tempDir } from './helpers/fixtures.js';
import { stackTraceLines } from './helpers/stack-trace.js';

// A custom template that does not parse or render is the user's to fix: the built CLI (the bundle
// bin/agentdir.js runs) reports it as a TemplateError at the template's line, and keeps the output.

/** `agentdir build` run beside the content folder, so problems name it as `minimal/...`. */
function build(content: string, outDir: string, ...flags: string[]) {
  const args = ['build', path.basename(content), '--out', outDir, '--no-cache', ...flags];
  const result = spawnSync(process.execPath, [cliPath, ...args], {
    cwd: path.dirname(content),
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', SOURCE_DATE_EPOCH: testEpoch },
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** `content` with site.yaml pointing at `my-templates/`, a copy of test/fixtures/<templates>. */
function useTemplates(content: string, templates: string): string {
  const folder = path.join(content, 'my-templates');
  fs.rmSync(folder, { recursive: true, force: true });
  fs.cpSync(path.join(fixturesDir, templates), folder, { recursive: true });
  const site = path.join(content, 'site.yaml');
  if (!fs.readFileSync(site, 'utf8').includes('templates:')) fs.appendFileSync(site, 'templates: my-templates\n');
  return path.join(folder, 'resource.liquid');
}

describe('a broken custom template', () => {
  it.each([
    ['broken-templates/syntax', 4, 'the template does not parse'],
    ['broken-templates/runtime', 5, 'the template failed while rendering a page'],
  ])('%s is a TemplateError at its line, and the previous output stays', (templates, line, words) => {
    const content = copyFixture('minimal');
    useTemplates(content, 'custom-templates/my-templates');
    const outDir = path.join(tempDir(), 'dist');
    expect(build(content, outDir).code).toBe(0);
    const before = readTree(outDir);

    const template = useTemplates(content, templates);
    const result = build(content, outDir);
    expect(stackTraceLines(result.stdout + result.stderr)).toEqual([]);
    expect(result.code).toBe(1);
    const shown = path.relative(path.dirname(content), template).split(path.sep).join('/');
    expect(result.stderr).toContain(`${shown}:${line}:`);
    expect(result.stderr).toContain(words);
    expect(result.stderr).toContain('[TemplateError: Template does not parse or render]');
    expect(result.stderr).toMatch(/was left as it was/);
    expect(readTree(outDir)).toEqual(before);

    const json = JSON.parse(build(content, outDir, '--json').stdout);
    expect(json.ok).toBe(false);
    expect(json.problems).toEqual([
      expect.objectContaining({ code: 'TemplateError', severity: 'error', file: shown, line }),
    ]);
  });

  it('is reported the same way when a render thread meets it', () => {
    // Enough resources that the pages after the first few dozen render on threads (src/compile/document-outputs.ts).
    const content = path.join(tempDir(), 'content');
    generate(content, { shape: 'directory', resources: 200, clusters: 1, articlesPerCluster: 1 });
    const template = useTemplates(content, 'broken-templates/runtime');
    // Only the last resource includes the missing partial: the first pages render on the main thread.
    fs.writeFileSync(
      template,
      fs
        .readFileSync(template, 'utf8')
        .replace('{% include "sidebar" %}', '{% if resource.slug == "res-00199" %}{% include "sidebar" %}{% endif %}'),
    );
    const result = build(content, path.join(tempDir(), 'dist'), '--json');
    expect(stackTraceLines(result.stdout + result.stderr)).toEqual([]);
    expect(result.code).toBe(1);
    const summary = JSON.parse(result.stdout);
    expect(summary.threads.render).toBeGreaterThan(0);
    expect(summary.problems).toEqual([
      expect.objectContaining({ code: 'TemplateError', line: 5, message: expect.stringContaining('"sidebar"') }),
    ]);
  });
});
