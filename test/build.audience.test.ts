import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertNoPremiumLeak, PremiumLeakError } from '../src/compile/premium-guard.js';
import { loadContent } from '../src/content/load-content.js';
import { buildFixture } from './helpers/build-fixture.js';
import { copyFixture, readTree, tempDir } from './helpers/fixtures.js';
import { type Runtime, startServe } from './helpers/runtimes.js';
import { toolCallRequest } from './helpers/mcp-call.js';

// Audience controls (README: Audience controls) hold in every output: a document for people only
// is in no file for agents, an agents-only passage in no HTML, a people-only passage only in HTML.

const peopleOnlyDocument = 'Visit our office on the third floor for a printed map of the directory.';
const peopleOnlyGuide = 'This walkthrough is narrated for readers who prefer screenshots.';
const agentsOnlyPassage = 'Agents should fetch the JSON variant and validate it against the schema first.';
const peopleOnlyPassage = 'Readers can press the green button to download a printable copy of this page.';
const premiumPeoplePassage = 'Key holders reading this page in a browser see this paid paragraph about tooling.';
/** Headings inside people-only passages: on the page and its table of contents, in nothing agents read. */
const peopleHeading = 'Printing this page';
const peopleSubheading = 'Paper sizes';
const premiumPeopleHeading = 'Reading in the browser';

function withAudiences(): string {
  const content = copyFixture('minimal');
  fs.writeFileSync(
    path.join(content, 'resources', 'office-hours.md'),
    `---\ntitle: Office hours\ndescription: When and where to meet the editors in person.\ncategory: start-here\ntags: [formats]\nupdated: 2026-05-01\naudience: people\n---\n\n${peopleOnlyDocument}\n`,
  );
  const guide = path.join(content, 'articles', 'basics', 'next-steps.md');
  fs.writeFileSync(
    guide,
    fs.readFileSync(guide, 'utf8').replace(/^updated: (.*)$/m, 'updated: $1\naudience: people') +
      `\n${peopleOnlyGuide}\n`,
  );
  const wire = path.join(content, 'resources', 'wire-formats.md');
  fs.writeFileSync(
    wire,
    fs
      .readFileSync(wire, 'utf8')
      .replace(
        '## Field notes\n',
        `## Field notes\n\n<!-- audience: agents -->\n\n${agentsOnlyPassage} See [the index](/api/resources.json).\n\n<!-- /audience -->\n\n<!-- audience: people -->\n\n## ${peopleHeading}\n\n${peopleOnlyPassage}\n\n### ${peopleSubheading}\n\nA4 or letter.\n\n<!-- /audience -->\n`,
      ),
  );
  const premium = path.join(content, 'resources', 'data-formats.md');
  fs.writeFileSync(
    premium,
    fs
      .readFileSync(premium, 'utf8')
      .replace(
        '## Schema versions\n',
        `<!-- audience: people -->\n\n## ${premiumPeopleHeading}\n\n${premiumPeoplePassage}\n\n<!-- /audience -->\n\n## Schema versions\n`,
      ),
  );
  return content;
}

describe('audience controls in every output', () => {
  let content: string;
  let outDir: string;
  let files: Map<string, string>;
  /**
   * Pages for people: HTML, the sitemap and the search page's index of the site as people see it
   * (and the build manifest, which lists every file it wrote). Every other public file, and the
   * worker's data, is for agents.
   */
  const forPeople = (file: string) =>
    file.endsWith('.html') ||
    /^public\/sitemap-\d+\.xml$/.test(file) ||
    file.startsWith('public/search/people/') ||
    file === 'build-manifest.json';
  const holding = (text: string) => [...files].filter(([, body]) => body.includes(text)).map(([file]) => file);

  beforeAll(async () => {
    content = withAudiences();
    ({ outDir } = await buildFixture(content));
    files = new Map([...readTree(outDir)].map(([file, bytes]) => [file, bytes.toString('utf8')]));
  });

  it('publishes a document for people only as a page, and in no file for agents', () => {
    expect(holding(peopleOnlyDocument)).toEqual(['public/resources/office-hours/index.html']);
    expect(files.has('public/resources/office-hours.md')).toBe(false);
    expect(files.has('public/api/resources/office-hours.json')).toBe(false);
    const agentFilesNamingIt = [...files]
      .filter(([file, body]) => !forPeople(file) && body.includes('office-hours'))
      .map(([file]) => file);
    expect(agentFilesNamingIt).toEqual([]);
    // People still find it: the home page, its category, the sitemap and the search page list it.
    expect(files.get('public/sitemap-0.xml')).toContain('/resources/office-hours<');
    expect(
      [...files.keys()].filter(
        (file) => file.startsWith('public/search/people/docs/') && files.get(file)!.includes('office-hours'),
      ),
    ).toHaveLength(1);
    expect(files.get('public/categories/start-here/index.html')).toContain('/resources/office-hours');
  });

  it('gives the page of a document for people only no Markdown twin to point at', () => {
    const page = files.get('public/resources/office-hours/index.html')!;
    expect(page).not.toContain('office-hours.md');
    expect(page).not.toContain('type="text/markdown"');
  });

  it('leaves a guide for people only out of the guide files for agents', () => {
    expect(holding(peopleOnlyGuide)).toEqual(['public/articles/next-steps/index.html']);
    for (const file of ['public/guides/basics.md', 'public/llms.txt', 'public/api/articles.json'])
      expect(files.get(file), file).not.toContain('next-steps');
    expect(files.get('public/guides/basics/index.html')).toContain('/articles/next-steps');
  });

  it('puts an agents-only passage in the Markdown outputs and in no HTML', () => {
    const where = holding(agentsOnlyPassage);
    expect(where.filter((file) => file.endsWith('.html'))).toEqual([]);
    expect(where).toEqual(
      expect.arrayContaining([
        'public/resources/wire-formats.md',
        'public/api/resources/wire-formats.json',
        'public/llms-full.txt',
        'public/api/corpus.jsonl',
      ]),
    );
    // Its links are made absolute like every other link of a .md variant.
    expect(files.get('public/resources/wire-formats.md')).toContain(
      '[the index](https://fixture.example/api/resources.json)',
    );
  });

  it('puts a people-only passage in the HTML page and in no file for agents', () => {
    expect(holding(peopleOnlyPassage)).toEqual(['public/resources/wire-formats/index.html']);
  });

  it('shows no marker anywhere', () => {
    expect(holding('audience:')).toEqual([]);
  });

  it('keeps a people-only passage of a premium body behind the key, and the guard knows it', async () => {
    // The worker's data, and the bundle that inlines it: the key holder's page.
    expect(holding(premiumPeoplePassage)).toEqual(['worker/data/worker-data.json', 'worker/worker.js']);
    const data = JSON.parse(files.get('worker/data/worker-data.json')!) as {
      premium: Record<string, { html: string; markdown: string; json: string }>;
    };
    expect(data.premium['data-formats']!.html).toContain(premiumPeoplePassage);
    expect(data.premium['data-formats']!.markdown).not.toContain(premiumPeoplePassage);
    const model = (await loadContent(content)).model!;
    expect(() =>
      assertNoPremiumLeak(model, [{ path: 'public/notes.txt', content: `Quoted: ${premiumPeoplePassage}` }]),
    ).toThrow(PremiumLeakError);
  });

  it('keeps a people-only heading on the page and its contents, out of the outline and preview agents read', () => {
    const page = files.get('public/resources/wire-formats/index.html')!;
    for (const [text, anchor] of [
      [peopleHeading, 'printing-this-page'],
      [peopleSubheading, 'paper-sizes'],
    ] as const) {
      expect(page).toContain(`id="${anchor}"`);
      expect(page).toContain(`href="#${anchor}"`);
      expect(holding(text).filter((file) => !forPeople(file))).toEqual([]);
    }
    const outline = (file: string) =>
      (JSON.parse(files.get(file)!) as { outline: { text: string }[] }).outline.map((item) => item.text);
    expect(outline('public/api/resources/wire-formats.json')).toEqual(['Field notes', 'Verified sources']);
    const data = JSON.parse(files.get('worker/data/worker-data.json')!) as {
      premium: Record<string, { html: string; json: string; preview: { sections: string[] } }>;
    };
    const premium = data.premium['data-formats']!;
    expect(premium.html).toContain(premiumPeopleHeading);
    expect(premium.preview.sections).toEqual(['NDJSON exports', 'Schema versions', 'Verified sources']);
    expect(JSON.parse(premium.json).outline.map((item: { text: string }) => item.text)).not.toContain(
      premiumPeopleHeading,
    );
  });

  describe('over MCP', () => {
    let serve: Runtime;
    beforeAll(async () => {
      serve = await startServe(outDir, path.join(tempDir(), 'no-keys.json'));
    });
    afterAll(async () => serve?.close());

    const getResource = async (slug: string) => {
      const response = await serve.request('/mcp', toolCallRequest('get_resource', { slug }));
      return (JSON.parse(response.body) as { result: { structuredContent: Record<string, any> } }).result
        .structuredContent;
    };

    it('gives get_resource no people-only heading, in the outline or in a premium preview', async () => {
      const free = await getResource('wire-formats');
      expect(free.resource.outline.map((item: { text: string }) => item.text)).toEqual([
        'Field notes',
        'Verified sources',
      ]);
      const premium = await getResource('data-formats');
      expect(premium.access).toBe('payment_required');
      expect(premium.payment.preview.sections).toEqual(['NDJSON exports', 'Schema versions', 'Verified sources']);
    });
  });
});
