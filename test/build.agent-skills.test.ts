import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { agentSkillsCheck } from '../src/grader/checks/extended/agent-skills.js';
import { buildFixture } from './helpers/build-fixture.js';
import { copyFixture, fixturesDir, readJson, readTree } from './helpers/fixtures.js';
import { runCli } from './helpers/run-cli.js';

// Agent skills (README: Agent skills): the generated SKILL.md and the site's own skills/, listed in
// /.well-known/agent-skills/index.json (Agent Skills Discovery v0.2.0) with the digest of each file
// served, and under /.well-known/skills/ for v0.1.0 clients. site.yaml `discovery.skills: false`
// publishes none of it, and links to none of it.

interface IndexEntry {
  name: string;
  type: string;
  description: string;
  url: string;
  digest: string;
}

const sha256 = (bytes: Buffer) => `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
const authored = path.join(fixturesDir, 'skills', 'skills', 'cite-sources');

/** The minimal fixture with the authored skill of test/fixtures/skills laid over it. */
function siteWithSkill(): string {
  const content = copyFixture('minimal');
  fs.cpSync(path.join(fixturesDir, 'skills', 'skills'), path.join(content, 'skills'), { recursive: true });
  return content;
}

/** The files of a tar archive: ustar headers, with the prefix field for long paths. */
function untar(tar: Buffer): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  const field = (at: number, length: number) =>
    tar
      .subarray(at, at + length)
      .toString('utf8')
      .replace(/\0.*$/s, '');
  for (let offset = 0; offset + 512 <= tar.length && tar[offset] !== 0; ) {
    const prefix = field(offset + 345, 155);
    const name = `${prefix ? `${prefix}/` : ''}${field(offset, 100)}`;
    const size = Number.parseInt(field(offset + 124, 12), 8);
    files.set(name, tar.subarray(offset + 512, offset + 512 + size));
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  return files;
}

describe('agent skills in a build', () => {
  let publicDir = '';
  let index: { $schema: string; skills: IndexEntry[] };
  beforeAll(async () => {
    const { outDir } = await buildFixture(siteWithSkill());
    publicDir = path.join(outDir, 'public');
    index = readJson(path.join(publicDir, '.well-known/agent-skills/index.json'));
  }, 120_000);

  it('lists the generated skill and the authored one in the v0.2.0 index', () => {
    expect(index.$schema).toBe('https://schemas.agentskills.io/discovery/0.2.0/schema.json');
    expect(index.skills.map(({ name, type, url }) => ({ name, type, url }))).toEqual([
      { name: 'fixture-directory', type: 'skill-md', url: 'fixture-directory/SKILL.md' },
      { name: 'cite-sources', type: 'archive', url: 'cite-sources.tar.gz' },
    ]);
    expect(index.skills[1]!.description).toBe(
      'Cite a resource of this directory in an answer, with its title, URL and the date it was last checked. Use when an answer relies on a resource.',
    );
  });

  it('gives each skill the sha256 digest of the bytes served at its url', () => {
    for (const skill of index.skills) {
      const served = fs.readFileSync(path.join(publicDir, '.well-known/agent-skills', skill.url));
      expect(skill.digest).toBe(sha256(served));
    }
  });

  it('serves an authored skill as its author wrote it: each file, and an archive of the folder', () => {
    const source = readTree(authored);
    const archive = untar(
      gunzipSync(fs.readFileSync(path.join(publicDir, '.well-known/agent-skills/cite-sources.tar.gz'))),
    );
    expect([...archive.keys()]).toEqual(['SKILL.md', 'references/format.md']);
    for (const [file, bytes] of source) {
      expect(archive.get(file)).toEqual(bytes);
      expect(fs.readFileSync(path.join(publicDir, '.well-known/agent-skills/cite-sources', file))).toEqual(bytes);
      expect(fs.readFileSync(path.join(publicDir, '.well-known/skills/cite-sources', file))).toEqual(bytes);
    }
  });

  it('lists every file of each skill in the v0.1.0 index under /.well-known/skills/', () => {
    const legacy = readJson<{ skills: { name: string; description: string; files: string[] }[] }>(
      path.join(publicDir, '.well-known/skills/index.json'),
    );
    expect(legacy.skills.map(({ name, files }) => ({ name, files }))).toEqual([
      { name: 'fixture-directory', files: ['SKILL.md'] },
      { name: 'cite-sources', files: ['SKILL.md', 'references/format.md'] },
    ]);
    for (const skill of legacy.skills)
      for (const file of skill.files)
        expect(fs.existsSync(path.join(publicDir, '.well-known/skills', skill.name, file))).toBe(true);
  });

  it('writes a SKILL.md that says what the directory holds and how to reach it, from the site', () => {
    const text = fs.readFileSync(path.join(publicDir, '.well-known/agent-skills/fixture-directory/SKILL.md'), 'utf8');
    const resources = readJson<{ resources: { category: string }[] }>(
      path.join(publicDir, 'api/resources.json'),
    ).resources;
    expect(text.startsWith('---\nname: fixture-directory\ndescription: "Search and read Fixture Directory: ')).toBe(
      true,
    );
    expect(text).toContain(`- ${resources.length} resources (`);
    for (const category of new Set(resources.map((resource) => resource.category))) {
      const count = resources.filter((resource) => resource.category === category).length;
      expect(text).toContain(`(\`${category}\`, ${count})`);
    }
    for (const url of [
      '/mcp',
      '/llms.txt',
      '/api/search/meta.json',
      '/api/resources.json',
      '/openapi.json',
      '/license.xml',
    ])
      expect(text).toContain(`https://fixture.example${url}`);
    expect(text).toContain('`Authorization: Bearer <API_KEY>`');
    // x402 only as the 402 body offers it: the gateway's configuration is the worker's, not the build's.
    expect(text).toContain(
      "offered only when the 402 body's `how_to_pay` names https://fixture.example/api/x402/<slug>",
    );
  });

  it('points agents at the index from llms.txt, the home page for agents, the API catalog and OpenAPI', () => {
    const indexUrl = 'https://fixture.example/.well-known/agent-skills/index.json';
    expect(fs.readFileSync(path.join(publicDir, 'llms.txt'), 'utf8')).toContain(indexUrl);
    expect(fs.readFileSync(path.join(publicDir, 'index.md'), 'utf8')).toContain(indexUrl);
    expect(fs.readFileSync(path.join(publicDir, '.well-known/api-catalog'), 'utf8')).toContain(indexUrl);
    const openapi = readJson<{ paths: Record<string, unknown> }>(path.join(publicDir, 'openapi.json'));
    expect(Object.keys(openapi.paths).filter((key) => key.includes('skills'))).toEqual([
      '/.well-known/agent-skills/index.json',
      '/.well-known/agent-skills/{name}/SKILL.md',
      '/.well-known/agent-skills/{name}.tar.gz',
      '/.well-known/skills/index.json',
      '/.well-known/skills/{name}/SKILL.md',
    ]);
  });
});

describe('the grade of the skills a build serves', () => {
  const skillsCheck = (publicDir: string) => {
    const run = runCli(publicDir, ['grade', '.', '--format', 'json']);
    const report = JSON.parse(run.stdout) as { extended: { score: number; checks: { id: string; score: number }[] } };
    return { score: report.extended.score, check: report.extended.checks.find((check) => check.id === 'agent-skills') };
  };

  it('keeps every point while each file is served as its digest says, and loses them when one is not', async () => {
    const { outDir } = await buildFixture(siteWithSkill());
    const publicDir = path.join(outDir, 'public');
    const before = skillsCheck(publicDir);
    expect(before.check).toMatchObject({ score: agentSkillsCheck.weight });
    fs.appendFileSync(path.join(publicDir, '.well-known/agent-skills/cite-sources.tar.gz'), 'edited after the build');
    const after = skillsCheck(publicDir);
    expect(after.check!.score).toBeLessThan(agentSkillsCheck.weight);
    expect(after.score).toBeLessThan(before.score);
  }, 120_000);
});

describe('agent skills turned off in site.yaml', () => {
  it('publishes no skill file, no index, and no link to them', async () => {
    const content = siteWithSkill();
    const siteYaml = path.join(content, 'site.yaml');
    fs.appendFileSync(siteYaml, '\ndiscovery:\n  skills: false\n');
    const { outDir } = await buildFixture(content);
    const tree = readTree(path.join(outDir, 'public'));
    expect([...tree.keys()].filter((file) => file.includes('skills'))).toEqual([]);
    const mentions = [...tree].filter(([, bytes]) => bytes.toString('utf8').includes('skills/'));
    expect(mentions.map(([file]) => file)).toEqual([]);
  }, 120_000);
});
