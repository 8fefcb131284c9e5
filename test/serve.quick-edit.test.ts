import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFixture, testEpoch } from './helpers/build-fixture.js';
import { copyFixture, readTree, tempDir } from './helpers/fixtures.js';
import { eventually, startWatchServer, type WatchServer } from './helpers/watch-server.js';

// An edit of a free resource's body is served from memory before the build that follows it
// (src/serve/quick-edit.ts); whatever the build then writes must be what was served.

let server: WatchServer;
let content = '';
let dist = '';
const quickLine = /Served the edit from memory in \d+ ms/g;
const rebuiltLine = /Rebuilt in [\d.]+s/g;
const count = (pattern: RegExp) => server.output().match(pattern)?.length ?? 0;
const file = (slug: string) => path.join(content, 'resources', `${slug}.md`);
const edit = (slug: string, change: (text: string) => string) =>
  fs.writeFileSync(file(slug), change(fs.readFileSync(file(slug), 'utf8')));

beforeAll(async () => {
  content = copyFixture('minimal');
  dist = (await buildFixture(content)).outDir;
  server = await startWatchServer(dist, content, { SOURCE_DATE_EPOCH: testEpoch });
  // A front-matter edit always goes through a build, which leaves what quick edits render against.
  edit('getting-started', (text) => text.replace(/^title: (.*)$/m, 'title: $1, first edit'));
  await eventually(async () => expect(count(rebuiltLine)).toBe(1));
});
afterAll(async () => {
  await server?.close();
});

/** The output as files, without the build manifest (which only records how it was made). */
function tree(dir: string): Record<string, string> {
  return Object.fromEntries(
    [...readTree(dir)]
      .filter(([name]) => name !== 'build-manifest.json')
      .map(([name, bytes]) => [name, bytes.toString('base64')]),
  );
}

describe('serve --watch, an edit of a body', () => {
  it('is served from memory, byte for byte what the build after it writes, which is what a fresh build makes', async () => {
    const quickBefore = count(quickLine);
    const rebuiltBefore = count(rebuiltLine);
    edit('wire-formats', (text) =>
      text.replace('## Field notes', 'A sentence added while watching.\n\n## Field notes'),
    );
    const variants = ['/api/resources/wire-formats.json', '/resources/wire-formats.md'];
    let fromMemory: string[] = [];
    await eventually(async () => {
      fromMemory = await Promise.all(variants.map(async (variant) => (await server.get(variant)).text));
      expect(fromMemory.every((text) => text.includes('A sentence added while watching.'))).toBe(true);
    });
    // Served before its build finished.
    expect([count(quickLine), count(rebuiltLine)]).toEqual([quickBefore + 1, rebuiltBefore]);
    expect((await server.get('/resources/wire-formats', { Accept: 'text/html' })).text).toContain(
      'A sentence added while watching.',
    );
    await eventually(async () => expect(count(rebuiltLine)).toBe(rebuiltBefore + 1));
    const fresh = (await buildFixture(content)).outDir;
    expect(tree(dist)).toEqual(tree(fresh));
    expect(fromMemory).toEqual(variants.map((variant) => fs.readFileSync(path.join(fresh, 'public', variant), 'utf8')));
  });

  it('takes the last save of a burst', async () => {
    for (let round = 1; round <= 20; round++)
      edit('wire-formats', (text) =>
        text.replace(/Burst round \d+\.\n\n|(?=## Field notes)/, `Burst round ${round}.\n\n`),
      );
    await eventually(async () => {
      const body = JSON.parse((await server.get('/api/resources/wire-formats.json')).text).body as string;
      expect(body).toContain('Burst round 20.');
      expect(body).not.toMatch(/Burst round 1?\d\./);
    });
  });

  it('is not served once its build fails: the last good build answers, with the problems shown', async () => {
    edit('wire-formats', (text) =>
      text.replace('## Field notes', 'See [a missing page](/resources/no-such-page).\n\n## Field notes'),
    );
    await eventually(async () => {
      const page = await server.get('/resources/getting-started', { Accept: 'text/html' });
      expect(page.text).toContain('no-such-page');
    });
    const json = await server.get('/api/resources/wire-formats.json');
    expect(JSON.parse(json.text).body).not.toContain('a missing page');
    // Fixed: served again, from memory or from the build.
    edit('wire-formats', (text) => text.replace('See [a missing page](/resources/no-such-page).\n\n', ''));
    await eventually(async () =>
      expect((await server.get('/resources/getting-started', { Accept: 'text/html' })).status).toBe(200),
    );
  });

  it('never reads a resource replaced by a pipe or a link out of the folder: the server answers, the problem shown', async () => {
    const quickBefore = count(quickLine);
    const settled = /Rebuilt in|The last good build is still being served/g;
    const original = fs.readFileSync(file('wire-formats'), 'utf8');
    /** An answer within five seconds, or a failure (a read of a pipe would block the server for good). */
    const answer = (pathname: string) =>
      Promise.race([
        server.get(pathname, { Accept: 'text/html' }),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${pathname}: no answer in 5 s`)), 5000)),
      ]);
    try {
      // A read of a pipe blocks until someone writes to it: the whole server would stop answering.
      const before = count(settled);
      fs.rmSync(file('wire-formats'));
      execFileSync('mkfifo', [file('wire-formats')]);
      await eventually(async () => expect(count(settled)).toBeGreaterThan(before));
      // The failed build's problems, which name the resource the content still lists as a path step.
      expect((await answer('/resources/getting-started')).text).toContain('wire-formats');
      // A link to a file elsewhere on the machine: not a byte of it may be served.
      const outside = path.join(tempDir(), 'outside.md');
      fs.writeFileSync(outside, original.replace('## Field notes', 'A sentence from outside.\n\n## Field notes'));
      fs.rmSync(file('wire-formats'));
      fs.symlinkSync(outside, file('wire-formats'));
      await eventually(async () => expect(server.output()).toContain('outside the content folder'));
      expect((await answer('/api/resources/wire-formats.json')).text).not.toContain('A sentence from outside');
      expect(count(quickLine)).toBe(quickBefore);
    } finally {
      fs.rmSync(file('wire-formats'), { force: true });
      fs.writeFileSync(file('wire-formats'), original);
    }
    // Fixed: served again once a build succeeds.
    await eventually(async () => expect((await answer('/resources/getting-started')).status).toBe(200));
  });

  /** Edits a title and checks the pages that show it are served from memory, as the build after it writes them. */
  async function retitle(slug: string, title: string, pages: string[]) {
    const quickBefore = count(quickLine);
    const rebuiltBefore = count(rebuiltLine);
    edit(slug, (text) => text.replace(/^title: .*$/m, `title: ${title}`));
    let fromMemory: string[] = [];
    await eventually(async () => {
      fromMemory = await Promise.all(pages.map(async (page) => (await server.get(page)).text));
      expect(fromMemory.every((text) => text.includes(title))).toBe(true);
    });
    expect([count(quickLine), count(rebuiltLine)]).toEqual([quickBefore + 1, rebuiltBefore]);
    await eventually(async () => expect(count(rebuiltLine)).toBe(rebuiltBefore + 1));
    const fresh = (await buildFixture(content)).outDir;
    expect(tree(dist)).toEqual(tree(fresh));
    const written = (page: string) =>
      fs.readFileSync(path.join(fresh, 'public', path.extname(page) ? page : `${page}/index.html`), 'utf8');
    // The live-reload script is the watch server's own, added as pages are served.
    const withoutReload = (html: string) => html.replace(/<script>new EventSource\([^<]*<\/script>/, '');
    expect(fromMemory.map(withoutReload)).toEqual(pages.map(written));
  }

  it('of a title is served from memory with the listing pages that show it, as the build then writes them', async () => {
    await retitle('wire-formats', 'Wire formats, retitled', [
      '/categories/protocols',
      '/tags/formats',
      '/',
      '/api/resources/wire-formats.json',
      '/paths/first-path',
      '/paths/first-path.md',
    ]);
  });

  it('of a title is served from memory with the guides that cite the resource, their bodies read again', async () => {
    await retitle('getting-started', 'Getting started, retitled', [
      '/articles/basics-guide',
      '/api/articles/basics-guide.json',
    ]);
  });

  it("of a premium resource goes through a build, never from memory: its body is the worker's alone", async () => {
    const quickBefore = count(quickLine);
    const rebuiltBefore = count(rebuiltLine);
    edit('json-api', (text) => `${text}\nA premium sentence added while watching.\n`);
    await eventually(async () => expect(count(rebuiltLine)).toBe(rebuiltBefore + 1));
    expect(count(quickLine)).toBe(quickBefore);
  });

  it('of its category goes through a build, never from memory', async () => {
    const quickBefore = count(quickLine);
    edit('wire-formats', (text) => text.replace(/^category: .*$/m, 'category: data'));
    await eventually(async () =>
      expect(JSON.parse((await server.get('/api/resources/wire-formats.json')).text).category).toBe('data'),
    );
    expect(count(quickLine)).toBe(quickBefore);
  });
});

describe('the session an edit is answered from', () => {
  /** A session of a copy of the minimal fixture, loaded as `serve --watch` loads one, and its quick edit. */
  async function sessionOfMinimal() {
    const { loadEditSession, quickEdit } = await import('../src/serve/quick-edit.js');
    const site = copyFixture('minimal');
    const options = {
      contentDir: site,
      dist: path.join(site, '..', 'dist'),
      cacheDir: null,
      sourceDateEpoch: testEpoch,
    };
    const session = (await loadEditSession(options))!;
    return {
      site,
      session,
      edit: (files: string | string[]) => quickEdit(session, typeof files === 'string' ? [files] : files, options),
    };
  }

  it('holds every document but none of their bodies or HTML, and still answers an edit of one', async () => {
    const { site, session, edit } = await sessionOfMinimal();
    const [first] = session.context.model.resources;
    expect(first?.title).toEqual(expect.any(String));
    expect(() => first?.body).toThrow(/A page answered from memory read `body`/);
    // Nor their HTML: an edited page is rendered from its file, and a listing shows only metadata.
    expect(session.context.model.resources.every((resource) => resource.rendered.packedHtml.length === 0)).toBe(true);
    const slug = 'wire-formats';
    fs.appendFileSync(path.join(site, 'resources', `${slug}.md`), '\nA sentence added while serving.\n');
    const pages = edit(path.join(site, 'resources', `${slug}.md`));
    expect(pages?.map((page) => page.path)).toContain(`public/resources/${slug}.md`);
    expect(pages?.find((page) => page.path === `public/resources/${slug}.md`)?.content).toContain(
      'A sentence added while serving.',
    );
  });

  it('answers edits in a row with listing pages as a fresh build makes them, each title the latest', async () => {
    const { site, edit } = await sessionOfMinimal();
    const retitle = (slug: string, title: string) => {
      const source = path.join(site, 'resources', `${slug}.md`);
      fs.writeFileSync(source, fs.readFileSync(source, 'utf8').replace(/^title: .*$/m, `title: ${title}`));
      return edit(source);
    };
    // Each edit starts from the listings of the one before (carryListings): the first title must not come back.
    retitle('getting-started', 'Getting started, first title');
    retitle('getting-started', 'Getting started, second title');
    const home = retitle('wire-formats', 'Wire formats, retitled')?.find((page) => page.path === 'public/index.html');
    expect(home?.content).toContain('Getting started, second title');
    expect(home?.content).not.toContain('Getting started, first title');
    const fresh = (await buildFixture(site)).outDir;
    expect(home?.content).toBe(fs.readFileSync(path.join(fresh, 'public', 'index.html'), 'utf8'));
  });

  it('renders each listing page once for an edit that retitles several resources', async () => {
    const { site, session, edit } = await sessionOfMinimal();
    const renders: string[] = [];
    const { pages } = session.context;
    session.context.pages = {
      ...pages,
      render: (template, data) => {
        renders.push(template);
        return pages.render(template, data);
      },
    };
    const sources = ['getting-started', 'wire-formats'].map((slug) => path.join(site, 'resources', `${slug}.md`));
    for (const source of sources)
      fs.writeFileSync(source, fs.readFileSync(source, 'utf8').replace(/^title: (.*)$/m, 'title: $1, retitled'));
    const served = edit(sources);
    // Two categories and four tags, one page each, and the home page once.
    expect(renders.filter((template) => template === 'home')).toHaveLength(1);
    expect(renders.filter((template) => template === 'category')).toHaveLength(2);
    expect(renders.filter((template) => template === 'tag')).toHaveLength(4);
    const fresh = (await buildFixture(site)).outDir;
    for (const page of served ?? [])
      expect(page.content, page.path).toBe(fs.readFileSync(path.join(fresh, page.path), 'utf8'));
  });
});
