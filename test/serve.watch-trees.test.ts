import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildFixture, testEpoch } from './helpers/build-fixture.js';
import { fixturesDir, readTree, tempDir } from './helpers/fixtures.js';
import { eventually, startWatchServer, type WatchServer } from './helpers/watch-server.js';

// However the content is edited while `serve --watch` runs, it must end serving exactly what
// `agentdir build` makes from scratch of the same content: compared file by file.

const servers: WatchServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
});

/** The output as files, without the build manifest (which only records how it was made). */
function tree(dir: string): Record<string, string> {
  return Object.fromEntries(
    [...readTree(dir)]
      .filter(([name]) => name !== 'build-manifest.json')
      .map(([name, bytes]) => [name, bytes.toString('base64')]),
  );
}

/** The minimal fixture and its build under `folder`, watched; `folder` may hold spaces. */
async function watched(folder: string) {
  fs.mkdirSync(folder, { recursive: true });
  const content = path.join(folder, 'content');
  fs.cpSync(path.join(fixturesDir, 'minimal'), content, { recursive: true });
  const dist = (await buildFixture(content, path.join(folder, 'dist'))).outDir;
  const server = await startWatchServer(dist, content, { SOURCE_DATE_EPOCH: testEpoch });
  servers.push(server);
  const rebuilds = () => server.output().match(/Rebuilt in [\d.]+s/g)?.length ?? 0;
  return { content, dist, server, rebuilds };
}

/** Waits until the served build is the one a fresh build of the content makes, and checks what is served. */
async function servesFreshBuild({ content, dist, server }: Awaited<ReturnType<typeof watched>>) {
  const fresh = (await buildFixture(content, path.join(tempDir(), 'fresh'))).outDir;
  await eventually(async () => expect(tree(dist)).toEqual(tree(fresh)), 30_000);
  // Nothing is left answering from memory: the server answers what is on disk.
  for (const file of ['api/resources.json', 'api/resources/wire-formats.json'])
    expect((await server.get(`/${file}`)).text).toBe(fs.readFileSync(path.join(fresh, 'public', file), 'utf8'));
}

const resource = (title: string) =>
  `---\ntitle: ${title}\ndescription: Made while watching.\ncategory: protocols\ntags: [formats]\nupdated: 2026-05-05\n---\n\nSome text.\n`;

describe('serve --watch ends with the output of a fresh build', () => {
  it('for a content folder on a path with spaces: edits, a new file, a delete and a rename', async () => {
    const site = await watched(path.join(tempDir(), 'my agent site', 'with spaces'));
    const resources = path.join(site.content, 'resources');
    const wire = path.join(resources, 'wire-formats.md');
    fs.writeFileSync(wire, fs.readFileSync(wire, 'utf8').replace('## Field notes', 'Edited body.\n\n## Field notes'));
    fs.writeFileSync(path.join(resources, 'added-here.md'), resource('Added here'));
    await eventually(async () => expect((await site.server.get('/api/resources/added-here.json')).status).toBe(200));
    fs.renameSync(path.join(resources, 'added-here.md'), path.join(resources, 'renamed-here.md'));
    await eventually(async () => expect((await site.server.get('/api/resources/renamed-here.json')).status).toBe(200));
    fs.rmSync(path.join(resources, 'renamed-here.md'));
    await servesFreshBuild(site);
    expect((await site.server.get('/api/resources/renamed-here.json')).status).toBe(404);
  });

  it('for a burst of 50 saves in one second: one rebuild, and the last save wins', async () => {
    const site = await watched(path.join(tempDir(), 'burst'));
    const wire = path.join(site.content, 'resources', 'wire-formats.md');
    const original = fs.readFileSync(wire, 'utf8');
    const before = site.rebuilds();
    const saved: number[] = [];
    for (let save = 1; save <= 50; save++) {
      fs.writeFileSync(wire, original.replace('title: Wire formats', `title: Wire formats, save ${save}`));
      saved.push(performance.now());
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // A test process starved of the CPU may pause between saves long enough for a build to start
    // (the watcher waits 200 ms of quiet): each such pause may add one build, nothing else may.
    const pauses = saved.slice(1).filter((time, index) => time - saved[index]! > 150).length;
    await servesFreshBuild(site);
    expect(JSON.parse((await site.server.get('/api/resources/wire-formats.json')).text).title).toBe(
      'Wire formats, save 50',
    );
    expect(site.rebuilds() - before).toBeGreaterThanOrEqual(1);
    expect(site.rebuilds() - before).toBeLessThanOrEqual(1 + pauses);
  });

  it('for an edit that lands while a rebuild runs, and a new guide cluster folder', async () => {
    const site = await watched(path.join(tempDir(), 'during'));
    const wire = path.join(site.content, 'resources', 'wire-formats.md');
    const original = fs.readFileSync(wire, 'utf8');
    fs.writeFileSync(wire, original.replace('category: protocols', 'category: data'));
    // The first build has started (its change is of a kind only a build can serve) when this lands.
    await new Promise((resolve) => setTimeout(resolve, 60));
    fs.writeFileSync(wire, original.replace('title: Wire formats', 'title: Wire formats, during a build'));
    // A new cluster folder: its pillar is a copy of the basics pillar under new names.
    const basics = path.join(site.content, 'articles', 'basics');
    const more = path.join(site.content, 'articles', 'more-basics');
    fs.mkdirSync(more);
    const renamed = (text: string) =>
      text.replace(/^title: .*$/m, 'title: More basics').replace(/^target_query: .*$/m, 'target_query: more basics');
    fs.writeFileSync(
      path.join(more, 'cluster.yaml'),
      renamed(fs.readFileSync(path.join(basics, 'cluster.yaml'), 'utf8')),
    );
    fs.writeFileSync(
      path.join(more, 'more-basics-guide.md'),
      renamed(fs.readFileSync(path.join(basics, 'basics-guide.md'), 'utf8')),
    );
    await servesFreshBuild(site);
    expect(JSON.parse((await site.server.get('/api/resources/wire-formats.json')).text).title).toBe(
      'Wire formats, during a build',
    );
  });
});
