import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFixture } from './helpers/build-fixture.js';
import { copyFixture } from './helpers/fixtures.js';
import { rawRequest } from './helpers/runtimes.js';
import { eventually, startWatchServer, type WatchServer } from './helpers/watch-server.js';

let server: WatchServer;
let url = '';
let content = '';
let dist = '';

beforeAll(async () => {
  content = copyFixture('minimal');
  dist = (await buildFixture(content)).outDir;
  server = await startWatchServer(dist, content);
  url = server.url;
});
afterAll(async () => {
  await server?.close();
});

const page = (pathname: string) => server.get(pathname, { Accept: 'text/html' });

describe('agentdir serve --watch', () => {
  it('injects the live-reload script into pages, and only in watch mode', async () => {
    const { text } = await page('/resources/wire-formats');
    expect(text).toContain('new EventSource("/__agentdir/events")');
  });

  it('sends pages without an ETag, since the reload script makes them differ from the built file', async () => {
    const response = await rawRequest(url, '/resources/wire-formats');
    expect(response.body).toContain('new EventSource("/__agentdir/events")');
    expect(response.headers.get('etag')).toBeNull();
  });

  it('rebuilds when a file changes, serves the new page and tells open pages to reload', async () => {
    const events = await fetch(`${url}__agentdir/events`);
    const reader = events.body!.getReader();
    const file = path.join(content, 'resources', 'wire-formats.md');
    fs.writeFileSync(
      file,
      fs.readFileSync(file, 'utf8').replace('title: Wire formats', 'title: Wire formats, revised'),
    );
    await eventually(async () =>
      expect((await page('/resources/wire-formats')).text).toContain('Wire formats, revised'),
    );
    // The page may be answered from memory first; the index shows the edit once it is built.
    await eventually(async () =>
      expect((await server.get('/api/resources.json')).text).toContain('Wire formats, revised'),
    );
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
      // One reload script, not one from the page and another from the watch server.
      expect(broken.text.split('new EventSource(').length - 1).toBe(1);
    });
    const api = await fetch(`${url}api/resources.json`);
    expect(api.status).toBe(200);
    expect(JSON.stringify(await api.json())).toContain('Wire formats, revised');
    fs.writeFileSync(file, good);
    await eventually(async () => expect((await page('/resources/getting-started')).status).toBe(200));
    expect(fs.readdirSync(path.dirname(dist))).toEqual(['dist']);
  });

  it('shows a named pipe or a broken link added to resources/ as a problem, and recovers once they are gone', async () => {
    const pipe = path.join(content, 'resources', 'queue.md');
    const link = path.join(content, 'resources', 'moved.md');
    expect(spawnSync('mkfifo', [pipe]).status).toBe(0);
    fs.symlinkSync('gone.md', link);
    await eventually(async () => {
      const broken = await page('/resources/getting-started');
      expect(broken.status).toBe(500);
      expect(broken.text).toContain('UnreadableContentFile');
      expect(broken.text).toContain('queue.md');
      expect(broken.text).toContain('moved.md');
    });
    fs.rmSync(pipe);
    fs.rmSync(link);
    await eventually(async () => expect((await page('/resources/getting-started')).status).toBe(200));
  });
});
