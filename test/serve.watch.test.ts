import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFixture } from './helpers/build-fixture.js';
import { cliPath, copyFixture, repoRoot, tempDir } from './helpers/fixtures.js';

let child: ChildProcess;
let url = '';
let content = '';
let dist = '';

/** Polls until `check` passes: rebuilds happen in the background, a few hundred milliseconds after a save. */
async function eventually(check: () => Promise<void>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

beforeAll(async () => {
  content = copyFixture('minimal');
  dist = (await buildFixture(content)).outDir;
  child = spawn(process.execPath, [cliPath, 'serve', dist, '--watch', '--content', content, '--port', '0', '--keys-file', path.join(tempDir(), 'keys.json')], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  url = await new Promise<string>((resolve) => child.stdout!.on('data', (chunk: Buffer) => /http:\/\/\S+\//.test(chunk.toString()) && resolve(/http:\/\/\S+\//.exec(chunk.toString())![0])));
});
afterAll(() => {
  child?.kill('SIGTERM');
});

const page = async (pathname: string) => {
  const response = await fetch(`${url}${pathname.slice(1)}`, { headers: { Accept: 'text/html' } });
  return { status: response.status, text: await response.text() };
};

describe('agentdir serve --watch', () => {
  it('injects the live-reload script into pages, and only in watch mode', async () => {
    const { text } = await page('/resources/wire-formats');
    expect(text).toContain('new EventSource("/__agentdir/events")');
  });

  it('rebuilds when a file changes, serves the new page and tells open pages to reload', async () => {
    const events = await fetch(`${url}__agentdir/events`);
    const reader = events.body!.getReader();
    const file = path.join(content, 'resources', 'wire-formats.md');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('title: Wire formats', 'title: Wire formats, revised'));
    await eventually(async () => expect((await page('/resources/wire-formats')).text).toContain('Wire formats, revised'));
    let received = '';
    while (!received.includes('data: reload')) received += new TextDecoder().decode((await reader.read()).value);
    await reader.cancel();
  });

  it('shows the problems of a broken file in the browser while the API keeps answering from the last good build', async () => {
    const file = path.join(content, 'resources', 'wire-formats.md');
    const good = fs.readFileSync(file, 'utf8');
    fs.writeFileSync(file, good.replace('tags: [formats, mcp]', 'tags: [formats, mcp'));
    await eventually(async () => {
      const broken = await page('/resources/getting-started');
      expect(broken.status).toBe(500);
      expect(broken.text).toContain('YamlSyntax');
      expect(broken.text).toContain('wire-formats.md');
    });
    const api = await fetch(`${url}api/resources.json`);
    expect(api.status).toBe(200);
    expect(JSON.stringify(await api.json())).toContain('Wire formats, revised');
    fs.writeFileSync(file, good);
    await eventually(async () => expect((await page('/resources/getting-started')).status).toBe(200));
    expect(fs.readdirSync(path.dirname(dist))).toEqual(['dist']);
  });
});
