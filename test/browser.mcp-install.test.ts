import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFixture } from './helpers/build-fixture.js';
import { copyFixture, fixturesDir, tempDir } from './helpers/fixtures.js';
import { browseServed, type ServedBrowser } from './helpers/served-browser.js';

// "Connect to Cursor", "Install in VS Code" and a `claude mcp add` line to copy, on the home page and
// beside the copy-page button of resource and guide pages: each adds the site's MCP server (its
// base URL's /mcp, whatever host serves the page) in one step.

/** The fixture's base URL (site.yaml `url`) and its site name as a server name. */
const mcpUrl = 'https://fixture.example/mcp';
const command = `claude mcp add --transport http fixture-directory ${mcpUrl}`;
const installPages = [
  ['home', '/'],
  ['resource', '/resources/wire-formats'],
  ['guide', '/articles/basics-guide'],
] as const;

let site: ServedBrowser | undefined;
let origin = '';

async function newPage(options: { javaScriptEnabled?: boolean } = {}): Promise<Page> {
  const context = await site!.newContext({ permissions: ['clipboard-read', 'clipboard-write'], ...options });
  return context.newPage();
}

beforeAll(async () => {
  const build = await buildFixture(path.join(fixturesDir, 'minimal'));
  site = await browseServed(build.outDir, path.join(tempDir(), 'keys.json'));
  origin = site.origin;
}, 120_000);

afterAll(() => site?.close());

describe('one-click MCP install', () => {
  it.each(installPages)('the %s page links Cursor and VS Code to the site’s /mcp', async (_kind, pathname) => {
    const page = await newPage();
    await page.goto(`${origin}${pathname}`);
    const group = page.getByRole('group', { name: "Use this directory's MCP server:" });
    const cursor = new URL((await group.getByRole('link', { name: 'Connect to Cursor' }).getAttribute('href'))!);
    expect(cursor.href.startsWith('cursor://anysphere.cursor-deeplink/mcp/install?')).toBe(true);
    expect(cursor.searchParams.get('name')).toBe('fixture-directory');
    expect(JSON.parse(Buffer.from(cursor.searchParams.get('config')!, 'base64').toString())).toEqual({ url: mcpUrl });
    const vscode = (await group.getByRole('link', { name: 'Install in VS Code' }).getAttribute('href'))!;
    expect(vscode.startsWith('vscode:mcp/install?')).toBe(true);
    expect(JSON.parse(decodeURIComponent(vscode.slice('vscode:mcp/install?'.length)))).toEqual({
      name: 'fixture-directory',
      type: 'http',
      url: mcpUrl,
    });
    expect(await group.locator('code').textContent()).toBe(command);
  });

  it.each(installPages)(
    '"Copy command" on the %s page puts the `claude mcp add` line on the clipboard',
    async (_kind, pathname) => {
      const page = await newPage();
      await page.goto(`${origin}${pathname}`);
      await page.getByRole('button', { name: 'Copy command' }).click();
      await expect.poll(() => page.locator('#mcp-command-status').textContent()).toBe('Copied');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(command);
    },
  );

  it('without JavaScript, the links and the command show and the copy button does not', async () => {
    const page = await newPage({ javaScriptEnabled: false });
    await page.goto(`${origin}/resources/wire-formats`);
    for (const name of ['Connect to Cursor', 'Install in VS Code'])
      expect(await page.getByRole('link', { name }).isVisible()).toBe(true);
    expect(await page.getByText(command).isVisible()).toBe(true);
    expect(await page.locator('#mcp-command').isVisible()).toBe(false);
  });

  it('the home page’s Markdown twin gives the /mcp URL and the command as text', async () => {
    const markdown = await (await fetch(`${origin}/index.md`)).text();
    expect(markdown).toContain(
      `Use this directory's MCP server: ${mcpUrl} (Streamable HTTP). In Claude Code, run \`${command}\`.`,
    );
  });

  it('is not on a premium page, which has no copy-page button to sit beside', async () => {
    const page = await newPage();
    await page.goto(`${origin}/resources/data-formats/preview`);
    expect(await page.locator('.mcp-install').count()).toBe(0);
  });
});

describe('site.yaml `discovery.mcp_install: false`', () => {
  it('leaves the install links and the command out of every page and the home page’s Markdown', async () => {
    const content = copyFixture('minimal');
    fs.appendFileSync(path.join(content, 'site.yaml'), 'discovery:\n  mcp_install: false\n');
    const build = await buildFixture(content);
    const pages = build.files.filter((file) => file.path.endsWith('.html') || file.path === 'public/index.md');
    expect(pages.length).toBeGreaterThan(5);
    for (const file of pages) {
      const text = fs.readFileSync(path.join(build.outDir, file.path), 'utf8');
      expect(text, file.path).not.toMatch(/mcp-install|cursor:\/\/|vscode:mcp|claude mcp add|MCP server:/);
    }
    // The copy-page button stays.
    const resource = fs.readFileSync(path.join(build.outDir, 'public/resources/wire-formats/index.html'), 'utf8');
    expect(resource).toContain('Copy page as Markdown');
  });
});
