import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumFlags } from '../scripts/chromium-flags.mjs';
import { buildFixture } from './helpers/build-fixture.js';
import { copyFixture, fixturesDir, tempDir } from './helpers/fixtures.js';
import { browseServed, type ServedBrowser } from './helpers/served-browser.js';

// The pages' forms are WebMCP tools (declarative API): an agent in the browser sees each one with a
// name, a description and a schema of described parameters, and calling the search form or "get
// this page as Markdown" answers it with the results or the page's Markdown. Chromium exposes
// WebMCP behind a feature flag; DevTools' WebMCP domain is what browser agents and Lighthouse use.

interface Tool {
  name: string;
  description: string;
  inputSchema: { type: string; properties: Record<string, { type: string; description?: string }> };
  annotations?: { autosubmit?: boolean };
}

const withWebMcp = [...chromiumFlags, '--enable-features=WebMCPTesting'];
const pages = {
  home: '/',
  search: '/search',
  resource: '/resources/wire-formats',
  guide: '/articles/basics-guide',
  notFound: '/no-such-page',
};

let site: ServedBrowser | undefined;
let origin = '';
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  const build = await buildFixture(path.join(fixturesDir, 'minimal'));
  site = await browseServed(build.outDir, path.join(tempDir(), 'keys.json'), withWebMcp);
  origin = site.origin;
}, 120_000);

afterAll(() => site?.close());

interface AgentView {
  page: Page;
  cdp: CDPSession;
  tools: Tool[];
  /** The errorType of every WebMCP form issue the browser reported. */
  issues: string[];
  call(name: string, input: Record<string, unknown>): Promise<{ status: string; output?: unknown }>;
}

/** A page as a browser agent sees it: the tools it registers, the issues Chromium reports, and a way to call them. */
async function agentOn(pathname: string, options: { javaScriptEnabled?: boolean } = {}): Promise<AgentView> {
  const context = await site!.newContext(options);
  contexts.push(context);
  await context.route('**/*', (route) =>
    new URL(route.request().url()).hostname === '127.0.0.1' ? route.continue() : route.abort('blockedbyclient'),
  );
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const tools: Tool[] = [];
  const issues: string[] = [];
  const answers = new Map<string, { status: string; output?: unknown }>();
  cdp.on('WebMCP.toolsAdded' as never, (event: { tools: Tool[] }) => tools.push(...event.tools));
  cdp.on('WebMCP.toolResponded' as never, (event: { invocationId: string; status: string; output?: unknown }) =>
    answers.set(event.invocationId, event),
  );
  cdp.on('Audits.issueAdded', (event) => {
    const type = event.issue.details.genericIssueDetails?.errorType;
    if (type?.startsWith('FormModelContext')) issues.push(type);
  });
  await cdp.send('WebMCP.enable' as never);
  await cdp.send('Audits.enable');
  await page.goto(`${origin}${pathname}`);
  await page.waitForLoadState('networkidle');
  return {
    page,
    cdp,
    tools,
    issues,
    async call(name, input) {
      const { frameTree } = await cdp.send('Page.getFrameTree');
      const { invocationId } = (await cdp.send(
        'WebMCP.invokeTool' as never,
        { frameId: frameTree.frame.id, toolName: name, input } as never,
      )) as { invocationId: string };
      await expect.poll(() => answers.has(invocationId), { timeout: 15_000 }).toBe(true);
      return answers.get(invocationId)!;
    },
  };
}

describe('WebMCP tools declared by the forms of the pages', () => {
  it('the search page declares `search`, its query described, with no issue for the browser to report', async () => {
    const agent = await agentOn(pages.search);
    expect(agent.tools.map((tool) => tool.name)).toEqual(['search']);
    const [search] = agent.tools;
    expect(search!.description).toMatch(/^Search every resource and guide of Fixture Directory\./);
    expect(search!.inputSchema).toMatchObject({ type: 'object', properties: { q: { type: 'string' } } });
    expect(search!.inputSchema.properties.q!.description).toMatch(/question or a few words/);
    expect(search!.annotations?.autosubmit).toBe(true);
    expect(agent.issues).toEqual([]);
  });

  it.each(Object.entries(pages))(
    'every form of the %s page is a tool with a name and a description',
    async (_, pathname) => {
      const agent = await agentOn(pathname);
      const forms = await agent.page.$$eval('form', (elements) =>
        elements.map((form) => [form.getAttribute('toolname'), form.getAttribute('tooldescription')]),
      );
      expect(forms.length).toBeGreaterThan(0);
      for (const [name, description] of forms) {
        expect(name).toBeTruthy();
        expect(description).toBeTruthy();
      }
      expect(agent.tools.map((tool) => tool.name).sort()).toEqual(forms.map(([name]) => name).sort());
      expect(agent.issues).toEqual([]);
    },
  );

  it('calling `search` answers the agent with the matches as JSON, lists them on the page and stays on it', async () => {
    const agent = await agentOn(pages.search);
    // Set on this document: still there after the call only if the form did not navigate.
    await agent.page.evaluate(() => Object.assign(window, { sameDocument: true }));
    const answer = await agent.call('search', { q: 'wire formats' });
    expect(answer.status).toBe('Completed');
    const output = answer.output as { query: string; answered: boolean; results: Record<string, unknown>[] };
    expect(output.query).toBe('wire formats');
    expect(output.answered).toBe(true);
    expect(output.results[0]).toMatchObject({
      title: expect.any(String),
      url: 'https://fixture.example/resources/wire-formats',
      markdown: 'https://fixture.example/resources/wire-formats.md',
    });
    expect(await agent.page.evaluate(() => 'sameDocument' in window)).toBe(true);
    await expect
      .poll(() => agent.page.locator('#search-results a').first().getAttribute('href'))
      .toMatch(/^\/resources\/wire-formats/);
  });

  it.each([
    ['resource', pages.resource],
    ['guide', pages.guide],
  ])('calling `get_page_markdown` on a %s page answers with its .md variant, byte for byte', async (_, pathname) => {
    const agent = await agentOn(pathname);
    expect(agent.tools.find((tool) => tool.name === 'get_page_markdown')?.inputSchema.properties).toEqual({});
    const answer = await agent.call('get_page_markdown', {});
    expect(answer.status).toBe('Completed');
    expect(answer.output).toBe(await (await fetch(`${origin}${pathname}.md`)).text());
    expect(agent.page.url()).toBe(`${origin}${pathname}`);
  });

  it('without JavaScript, the forms are still tools, and `get_page_markdown` takes the agent to the .md file', async () => {
    const agent = await agentOn(pages.resource, { javaScriptEnabled: false });
    expect(agent.tools.map((tool) => tool.name).sort()).toEqual(['get_page_markdown']);
    const navigated = agent.page.waitForURL(`${origin}${pages.resource}.md?`);
    void agent.call('get_page_markdown', {}).catch(() => {});
    await navigated;
    expect(await agent.page.textContent('body')).toContain('# ');
  });
});

describe('site.yaml `discovery.webmcp: false`', () => {
  it('leaves every WebMCP attribute out of every page', async () => {
    const content = copyFixture('minimal');
    const siteFile = path.join(content, 'site.yaml');
    fs.appendFileSync(siteFile, 'discovery:\n  webmcp: false\n');
    const build = await buildFixture(content);
    const html = build.files.filter((file) => file.path.endsWith('.html'));
    expect(html.length).toBeGreaterThan(5);
    for (const file of html) {
      const text = fs.readFileSync(path.join(build.outDir, file.path), 'utf8');
      expect(text, file.path).not.toMatch(/\btool(name|description|paramdescription|autosubmit)\b/);
    }
    // The copy-page control is still there, as before: only the tool is gone.
    const resource = fs.readFileSync(path.join(build.outDir, 'public/resources/wire-formats/index.html'), 'utf8');
    expect(resource).toContain('<span class="copy-page" id="copy-page-control" hidden>');
  });
});
