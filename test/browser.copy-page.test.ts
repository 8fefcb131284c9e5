import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newKey, readKeyFile, writeKeyFile } from '../src/keys/key-file.js';
import { buildFixture } from './helpers/build-fixture.js';
import { fixturesDir, tempDir } from './helpers/fixtures.js';
import { browseServed, type ServedBrowser } from './helpers/served-browser.js';

// Issue #16: resource and guide pages people and agents share. "Copy page as Markdown" copies the
// page's .md variant; "Open in ChatGPT" and "Open in Claude" hand an assistant its absolute .md URL.

/** The fixture's base URL (site.yaml `url`): what the assistants are told to read, whatever host serves the page. */
const base = 'https://fixture.example';
const sharedPages = [
  ['resource', '/resources/wire-formats'],
  ['guide', '/articles/basics-guide'],
] as const;

let site: ServedBrowser | undefined;
let origin = '';
let starterKey = '';

/** A browser context that may read and write the clipboard and refuses every request off this machine. */
async function newContext(options: { javaScriptEnabled?: boolean } = {}): Promise<Page> {
  const context = await site!.newContext({
    permissions: ['clipboard-read', 'clipboard-write'],
    viewport: { width: 1280, height: 900 },
    ...options,
  });
  return context.newPage();
}

async function markdownOf(pathname: string): Promise<string> {
  const response = await fetch(`${origin}${pathname}.md`);
  expect(response.status).toBe(200);
  return response.text();
}

async function copyAndRead(page: Page): Promise<string> {
  const button = page.getByRole('button', { name: 'Copy page as Markdown' });
  await button.click();
  await expect.poll(() => page.locator('#copy-page-status').textContent()).toBe('Copied');
  return page.evaluate(() => navigator.clipboard.readText());
}

beforeAll(async () => {
  const build = await buildFixture(path.join(fixturesDir, 'minimal'));
  const keysFile = path.join(tempDir(), 'keys.json');
  const keyFile = readKeyFile(keysFile);
  const { key, record } = await newKey('starter', 'copy page tests', '2026-06-01');
  keyFile.keys.push(record);
  writeKeyFile(keysFile, keyFile);
  starterKey = key;
  site = await browseServed(build.outDir, keysFile);
  origin = site.origin;
}, 120_000);

afterAll(() => site?.close());

describe('"Copy page as Markdown" on resource and guide pages', () => {
  it.each(sharedPages)('puts the %s page’s .md variant on the clipboard, byte for byte', async (_kind, pathname) => {
    const page = await newContext();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    // Records which clipboard call the page makes: a ClipboardItem write keeps the click's user activation.
    await page.addInitScript(() => {
      const calls: string[] = [];
      (window as { clipboardCalls?: string[] }).clipboardCalls = calls;
      const { write, writeText } = Clipboard.prototype;
      Clipboard.prototype.write = function (items) {
        calls.push(`write ${items.length}`);
        return write.call(this, items);
      };
      Clipboard.prototype.writeText = function (text) {
        calls.push('writeText');
        return writeText.call(this, text);
      };
    });
    await page.goto(`${origin}${pathname}`);
    expect(await copyAndRead(page)).toBe(await markdownOf(pathname));
    expect(await page.evaluate(() => (window as { clipboardCalls?: string[] }).clipboardCalls)).toEqual(['write 1']);
    expect(errors).toEqual([]);
  });

  it('copies with writeText where a browser has no ClipboardItem', async () => {
    const page = await newContext();
    await page.addInitScript(() => {
      delete (window as { ClipboardItem?: unknown }).ClipboardItem;
    });
    await page.goto(`${origin}/articles/basics-guide`);
    expect(await copyAndRead(page)).toBe(await markdownOf('/articles/basics-guide'));
  });

  it('says the copy failed when the Markdown cannot be fetched, and copies nothing', async () => {
    const page = await newContext();
    await page.goto(`${origin}/resources/wire-formats`);
    await page.evaluate(() => navigator.clipboard.writeText('before'));
    await page.route('**/resources/wire-formats.md', (route) => route.fulfill({ status: 503, body: 'unavailable' }));
    await page.getByRole('button', { name: 'Copy page as Markdown' }).click();
    await expect
      .poll(() => page.locator('#copy-page-status').textContent())
      .toBe('Could not copy the page. Open its Markdown link and copy from there.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('before');
  });
});

describe('"Open in ChatGPT" and "Open in Claude"', () => {
  it.each(sharedPages)(
    'prefill a prompt with the %s page’s absolute .md URL, in a new tab',
    async (_kind, pathname) => {
      const page = await newContext();
      await page.goto(`${origin}${pathname}`);
      const prompt = `Read ${base}${pathname}.md and answer questions about it.`;
      for (const [name, prefix] of [
        ['Open in ChatGPT', 'https://chatgpt.com/?hints=search&q='],
        ['Open in Claude', 'https://claude.ai/new?q='],
      ] as const) {
        const link = page.getByRole('link', { name: `${name} (opens in a new tab)` });
        const href = (await link.getAttribute('href'))!;
        expect(href.startsWith(prefix), href).toBe(true);
        expect(decodeURIComponent(href.slice(prefix.length))).toBe(prompt);
        expect(new URL(href).searchParams.get('q')).toBe(prompt);
        expect(await link.getAttribute('target')).toBe('_blank');
        expect((await link.getAttribute('rel'))?.split(' ').sort()).toEqual(['noopener', 'noreferrer']);
      }
    },
  );
});

describe('without JavaScript', () => {
  it.each(sharedPages)('the %s page hides the copy button and still shows both links', async (_kind, pathname) => {
    const page = await newContext({ javaScriptEnabled: false });
    await page.goto(`${origin}${pathname}`);
    expect(await page.locator('#copy-page').count()).toBe(1);
    expect(await page.locator('#copy-page').isVisible()).toBe(false);
    for (const name of ['Open in ChatGPT', 'Open in Claude'])
      expect(await page.getByRole('link', { name: `${name} (opens in a new tab)` }).isVisible()).toBe(true);
  });
});

describe('premium resources', () => {
  it('offer no share controls: not to a key holder (the .md needs the key), not on the public preview', async () => {
    const page = await newContext();
    await page.setExtraHTTPHeaders({ Authorization: `Bearer ${starterKey}` });
    const response = await page.goto(`${origin}/resources/data-formats`);
    expect(response?.status()).toBe(200);
    expect(await page.locator('h1').textContent()).toBe('Data formats');
    expect(await page.locator('#copy-page, .share, script[src*="copy-page"]').count()).toBe(0);
    await page.setExtraHTTPHeaders({});
    for (const pathname of ['/resources/data-formats', '/resources/data-formats/preview']) {
      await page.goto(`${origin}${pathname}`);
      expect(await page.locator('#copy-page, .share, script[src*="copy-page"]').count(), pathname).toBe(0);
    }
  });
});

describe('accessibility of the share controls (axe)', () => {
  it.each(sharedPages)(
    'the %s page has no violation with the controls shown, light or dark',
    async (_kind, pathname) => {
      const page = await newContext();
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        await page.goto(`${origin}${pathname}`);
        await page.getByRole('button', { name: 'Copy page as Markdown' }).waitFor();
        // After a copy too, with the status message showing.
        await copyAndRead(page);
        const { violations } = await new AxeBuilder({ page }).analyze();
        expect(
          violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`),
          colorScheme,
        ).toEqual([]);
      }
    },
  );
});
