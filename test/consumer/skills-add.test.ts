import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  agentdir,
  consumerTools,
  type LongRunning,
  runCommand,
  startLongRunning,
  succeed,
} from '../helpers/consumer.js';
import { fixturesDir, tempDir } from '../helpers/fixtures.js';
import { freePort } from '../helpers/free-port.js';

// The `skills` CLI (pinned in consumer/), as an agent's user runs it: `npx skills add <site>` against
// a site built and served with agentdir on 127.0.0.1 must install every skill the site publishes,
// each file as served, each artifact matching its digest. It needs Node 22.20: older Nodes run it on
// the Node 22 of consumer/node_modules.
const project = inject('project');
const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
const node =
  major > 22 || (major === 22 && minor >= 20) ? process.execPath : path.join(consumerTools, 'node-22', 'bin', 'node');
const skillsCli = path.join(consumerTools, 'skills', 'bin', 'cli.mjs');

let server: LongRunning | undefined;
let base = '';
afterAll(() => server?.close());

beforeAll(async () => {
  await succeed(
    agentdir(project, ['new', 'skills-site', '--name', 'Skills docs', '--url', 'https://docs.example.com']),
    'new',
  );
  const site = path.join(project, 'skills-site');
  fs.cpSync(path.join(fixturesDir, 'skills', 'skills'), path.join(site, 'skills'), { recursive: true });
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  await succeed(agentdir(project, ['build', site, '--out', 'skills-dist', '--base-url', base]), 'build');
  server = await startLongRunning(
    project,
    'npx',
    ['--no-install', 'agentdir', 'serve', 'skills-dist', '--port', String(port)],
    /(http:\/\/127\.0\.0\.1:\d+)\//,
  );
}, 300_000);

const get = async (url: string) => Buffer.from(await (await fetch(url)).arrayBuffer());
const sha256 = (bytes: Buffer) => `sha256:${createHash('sha256').update(bytes).digest('hex')}`;

describe('npx skills add <served site>', () => {
  it('installs every skill, each file as served, each artifact matching its digest', async () => {
    const folder = tempDir('agentdir-skills-add-');
    // No prompt, no telemetry, nothing outside the folder: the install reaches only the local server.
    const run = await runCommand(
      folder,
      node,
      [skillsCli, 'add', base, '--skill', '*', '-a', 'claude-code', '-y', '--copy'],
      {
        env: { HOME: folder, XDG_CONFIG_HOME: path.join(folder, '.config'), DISABLE_TELEMETRY: '1', DO_NOT_TRACK: '1' },
        timeout: 120_000,
      },
    );
    expect(run.code, run.stdout + run.stderr).toBe(0);

    const index = JSON.parse((await get(`${base}/.well-known/agent-skills/index.json`)).toString()) as {
      skills: { name: string; url: string; digest: string }[];
    };
    expect(index.skills.map((skill) => skill.name)).toEqual(['skills-docs', 'cite-sources']);
    for (const skill of index.skills)
      expect(sha256(await get(new URL(skill.url, `${base}/.well-known/agent-skills/index.json`).href))).toBe(
        skill.digest,
      );

    const legacy = JSON.parse((await get(`${base}/.well-known/skills/index.json`)).toString()) as {
      skills: { name: string; files: string[] }[];
    };
    const installed = path.join(folder, '.claude', 'skills');
    expect(fs.readdirSync(installed).sort()).toEqual(['cite-sources', 'skills-docs']);
    for (const skill of legacy.skills)
      for (const file of skill.files) {
        const served = await get(`${base}/.well-known/agent-skills/${skill.name}/${file}`);
        expect(fs.readFileSync(path.join(installed, skill.name, file)), `${skill.name}/${file}`).toEqual(served);
      }
  }, 180_000);
});
