import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFixture, testEpoch } from './helpers/build-fixture.js';
import { copyFixture, readTree, tempDir } from './helpers/fixtures.js';
import { eventually, startWatchServer, type WatchServer } from './helpers/watch-server.js';

/** A free resource, so its JSON is a static file anyone may fetch. */
const resource = (title: string) =>
  `---\ntitle: ${title}\ndescription: A resource made while the server watches.\ncategory: protocols\ntags: [formats]\nupdated: 2026-05-05\n---\n\nSome text.\n`;

/** How editors save atomically: write a temporary file beside the target, then rename it over. */
function renameSave(file: string, text: string): void {
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  fs.writeFileSync(temporary, text);
  fs.renameSync(temporary, file);
}

/** `sed -i`: GNU and BSD sed both write a new file and rename it over the old one. */
function sedInPlace(file: string, from: string, to: string): void {
  const script = `s/${from}/${to}/`;
  execFileSync('sed', process.platform === 'darwin' ? ['-i', '', script, file] : ['-i', script, file]);
}

const titleOf = async (server: WatchServer, slug: string) => {
  const { status, text } = await server.get(`/api/resources/${slug}.json`);
  return status === 200 ? (JSON.parse(text) as { title: string }).title : `HTTP ${status}`;
};

describe('agentdir serve --watch: every kind of save is seen', () => {
  let server: WatchServer;
  let content = '';
  beforeAll(async () => {
    content = copyFixture('minimal');
    server = await startWatchServer((await buildFixture(content)).outDir, content);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('serves each edit of a file saved by rename, again and again, and then a plain write', async () => {
    const file = path.join(content, 'resources', 'wire-formats.md');
    const original = fs.readFileSync(file, 'utf8');
    const saved = Date.now();
    renameSave(file, original.replace('title: Wire formats', 'title: Renamed once'));
    await eventually(async () => expect(await titleOf(server, 'wire-formats')).toBe('Renamed once'));
    console.log(`rename-save: served ${Date.now() - saved} ms after the save`);
    renameSave(file, original.replace('title: Wire formats', 'title: Renamed twice'));
    await eventually(async () => expect(await titleOf(server, 'wire-formats')).toBe('Renamed twice'));
    fs.writeFileSync(file, original.replace('title: Wire formats', 'title: Written in place'));
    await eventually(async () => expect(await titleOf(server, 'wire-formats')).toBe('Written in place'));
  });

  it.skipIf(process.platform === 'win32')(
    'serves each edit made with `sed -i`, and a plain write after them',
    async () => {
      const file = path.join(content, 'resources', 'getting-started.md');
      let title = /^title: (.*)$/m.exec(fs.readFileSync(file, 'utf8'))![1]!;
      for (const next of ['Edited by sed', 'Edited by sed twice', 'Edited by sed thrice']) {
        sedInPlace(file, `^title: ${title}$`, `title: ${next}`);
        await eventually(async () => expect(await titleOf(server, 'getting-started')).toBe(next));
        title = next;
      }
      fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace(`title: ${title}`, 'title: Written after sed'));
      await eventually(async () => expect(await titleOf(server, 'getting-started')).toBe('Written after sed'));
    },
  );

  it('serves a resource file added while watching', async () => {
    fs.writeFileSync(path.join(content, 'resources', 'added-later.md'), resource('Added later'));
    await eventually(async () => expect(await titleOf(server, 'added-later')).toBe('Added later'));
  });

  it('answers 404 for a resource once its file is deleted, also after an editor saved it by rename', async () => {
    const file = path.join(content, 'resources', 'short-lived.md');
    fs.writeFileSync(file, resource('Short-lived'));
    await eventually(async () => expect(await titleOf(server, 'short-lived')).toBe('Short-lived'));
    renameSave(file, resource('Short-lived, saved'));
    await eventually(async () => expect(await titleOf(server, 'short-lived')).toBe('Short-lived, saved'));
    fs.rmSync(file);
    await eventually(async () => expect(await titleOf(server, 'short-lived')).toBe('HTTP 404'));
    expect((await server.get('/resources/short-lived')).status).toBe(404);
  });

  it('serves the articles of a cluster folder added while watching', async () => {
    const basics = path.join(content, 'articles', 'basics');
    const added = path.join(tempDir(), 'more');
    // Made elsewhere and moved in whole, the way a checkout or a copy from another window lands.
    fs.mkdirSync(added);
    fs.writeFileSync(
      path.join(added, 'cluster.yaml'),
      fs
        .readFileSync(path.join(basics, 'cluster.yaml'), 'utf8')
        .replace(/^id: .*$/m, 'id: more')
        .replace(/^title: .*$/m, 'title: More'),
    );
    const guide = fs.readFileSync(path.join(basics, 'basics-guide.md'), 'utf8');
    fs.writeFileSync(path.join(added, 'more-guide.md'), guide.replace(/^title: .*$/m, 'title: More guide'));
    fs.cpSync(added, path.join(content, 'articles', 'more'), { recursive: true });
    await eventually(async () => expect((await server.get('/api/articles/more-guide.json')).status).toBe(200));
    // The new folder is watched too: an edit inside it is served.
    renameSave(
      path.join(content, 'articles', 'more', 'more-guide.md'),
      guide.replace(/^title: .*$/m, 'title: More guide, revised'),
    );
    await eventually(async () =>
      expect((await server.get('/api/articles/more-guide.json')).text).toContain('More guide, revised'),
    );
  });
});

describe('agentdir serve --watch over an older build', () => {
  const servers: WatchServer[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
  });

  it('brings the build up to date before serving: a resource added since is served at once, as a fresh build makes it', async () => {
    const content = copyFixture('minimal');
    const dist = (await buildFixture(content)).outDir;
    fs.writeFileSync(path.join(content, 'resources', 'added-since.md'), resource('Added since'));
    const server = await startWatchServer(dist, content, { SOURCE_DATE_EPOCH: testEpoch });
    servers.push(server);
    expect(await titleOf(server, 'added-since')).toBe('Added since');
    expect((await server.get('/resources/added-since')).status).toBe(200);
    const fresh = (await buildFixture(content)).outDir;
    const tree = (dir: string) =>
      Object.fromEntries(
        [...readTree(dir)]
          .filter(([file]) => file !== 'build-manifest.json')
          .map(([file, bytes]) => [file, bytes.toString('base64')]),
      );
    expect(tree(dist)).toEqual(tree(fresh));
  });

  it('serves the older build with the problems shown when the content no longer builds, and recovers once fixed', async () => {
    const content = copyFixture('minimal');
    const dist = (await buildFixture(content)).outDir;
    const file = path.join(content, 'resources', 'wire-formats.md');
    const good = fs.readFileSync(file, 'utf8');
    fs.writeFileSync(file, good.replace('tags: [formats, mcp]', 'tags: [formats, mcp'));
    const server = await startWatchServer(dist, content, { SOURCE_DATE_EPOCH: testEpoch });
    servers.push(server);
    const page = await server.get('/resources/getting-started', { Accept: 'text/html' });
    expect(page.status).toBe(500);
    expect(page.text).toContain('wire-formats.md');
    expect(await titleOf(server, 'wire-formats')).toBe('Wire formats');
    renameSave(file, good.replace('title: Wire formats', 'title: Wire formats, fixed'));
    await eventually(async () => expect(await titleOf(server, 'wire-formats')).toBe('Wire formats, fixed'));
    // The new files answer as soon as they are written; the problems clear once the new worker has loaded.
    await eventually(async () =>
      expect((await server.get('/resources/getting-started', { Accept: 'text/html' })).status).toBe(200),
    );
  });

  it('serves a build that is already up to date without building again', async () => {
    const content = copyFixture('minimal');
    const dist = (await buildFixture(content)).outDir;
    const manifest = path.join(dist, 'build-manifest.json');
    const before = fs.statSync(manifest).mtimeMs;
    const server = await startWatchServer(dist, content, { SOURCE_DATE_EPOCH: testEpoch });
    servers.push(server);
    expect(server.output()).toContain('Up to date');
    expect(fs.statSync(manifest).mtimeMs).toBe(before);
    expect(await titleOf(server, 'wire-formats')).toBe('Wire formats');
  });
});
