import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliPath, fixturesDir, repoRoot, tempDir } from './helpers/fixtures.js';

interface Problem {
  code: string;
  file: string;
  hint: string;
}

/**
 * A project whose content folder is `site`, not `content`, with one of each problem whose hint
 * names a place: a path step and a related resource naming nothing near any slug, an article
 * outside a cluster folder, premium resources without access-and-pricing, and a cluster.yaml value
 * whose field has no description of its own.
 */
function problemsOfSite(): Problem[] {
  const project = tempDir('agentdir-project-');
  const site = path.join(project, 'site');
  fs.cpSync(path.join(fixturesDir, 'minimal'), site, { recursive: true });
  fs.rmSync(path.join(site, 'resources', 'access-and-pricing.md'));
  fs.writeFileSync(
    path.join(site, 'paths.yaml'),
    fs.readFileSync(path.join(site, 'paths.yaml'), 'utf8').replace('steps: [', 'steps: [quantum-tunnelling, '),
  );
  fs.copyFileSync(path.join(site, 'articles', 'basics', 'next-steps.md'), path.join(site, 'articles', 'stray.md'));
  const cluster = path.join(site, 'articles', 'basics', 'cluster.yaml');
  fs.writeFileSync(cluster, fs.readFileSync(cluster, 'utf8').replace(/^title: .*$/m, 'title: [Basics]'));
  const result = spawnSync(process.execPath, [cliPath, 'validate', 'site', '--format', 'json'], {
    cwd: project,
    encoding: 'utf8',
  });
  expect(result.status).toBe(1);
  return (JSON.parse(result.stdout) as { problems: Problem[] }).problems;
}

describe('hints of a content folder not named content', () => {
  const problems = problemsOfSite();
  const hintOf = (code: string, file?: string) =>
    problems.find((problem) => problem.code === code && (file === undefined || problem.file === file))?.hint ?? '';

  it('point into the folder the user passed, never into content/', () => {
    expect(hintOf('UnknownPathStep')).toContain('site/resources/ and site/articles/');
    expect(hintOf('MissingFile', 'site/articles/stray.md')).toContain('`site/articles/<cluster>/`');
    expect(hintOf('MissingTermsResource')).toContain('site/resources/access-and-pricing.md');
    for (const problem of problems) expect(problem.hint, problem.code).not.toMatch(/(^|[\s`(])content\//);
  });

  it('point at a schema file that exists where the package is installed', () => {
    const hint = hintOf('SchemaViolation', 'site/articles/basics/cluster.yaml');
    const schema = path.join(repoRoot, 'schemas', 'cluster.schema.json');
    expect(hint).toContain(schema);
    expect(fs.existsSync(schema)).toBe(true);
    for (const problem of problems) expect(problem.hint, problem.code).not.toContain('in schemas/');
  });
});
