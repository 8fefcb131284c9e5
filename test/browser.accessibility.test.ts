import fs from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserSite, type BrowserSite } from './helpers/browser-site.js';
import { repoRoot } from './helpers/fixtures.js';

// Issue #7: each kind of page passes axe with no serious or critical violation, in light and dark,
// and screenshots of the main pages are written for people to look at (test-output/ is not committed).

let site: BrowserSite;
let page: Page;

beforeAll(async () => {
  site = await startBrowserSite();
  page = await site.browser.context.newPage();
}, 120_000);

afterAll(async () => {
  await site?.close();
});

/** One page of each template, chosen for what it exercises: tables and code, takeaways and FAQ, premium listings. */
const pageKinds: [kind: string, path: string][] = [
  ['home', '/'],
  ['resource', '/resources/prompt-context-engineering'],
  ['article', '/articles/paying-agents-guide'],
  ['cluster', '/guides/paying-agents'],
  ['learning path', '/paths/first-steps'],
  ['category', '/categories/data'],
  ['tag', '/tags/mcp'],
  ['search', '/search?q=json+api+mcp'],
  ['404', '/no/such/page'],
  ['paywall', '/resources/json-api'],
];

async function seriousViolations(): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes
          .map((node) => node.target.join(' '))
          .slice(0, 5)
          .join(', ')}`,
    );
}

describe('accessibility of every kind of page (axe)', () => {
  it.each(pageKinds)('%s page %s has no serious or critical violation, light or dark', async (kind, pathname) => {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      const response = await page.goto(`${site.origin}${pathname}`);
      // A premium page opened in a browser is the readable 402 paywall, not JSON.
      if (kind === 'paywall') expect([response?.status(), await page.locator('h1').count()]).toEqual([402, 1]);
      if (kind === 'search') await page.locator('#search-results li').first().waitFor();
      expect(await seriousViolations(), `${kind} in ${colorScheme}`).toEqual([]);
    }
  });

  it.each([
    ['resource', '/resources/prompt-context-engineering'],
    ['article', '/articles/paying-agents-guide'],
  ])('%s page has no serious or critical violation on a 390 px phone screen', async (_kind, pathname) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme: 'light' });
    try {
      await page.goto(`${site.origin}${pathname}`);
      expect(await seriousViolations()).toEqual([]);
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });
});

describe('screenshots', () => {
  it('writes the home, a resource and an article page at 1280 and 390 px, light and dark, to test-output/screenshots', async () => {
    const folder = path.join(repoRoot, 'test-output', 'screenshots');
    fs.mkdirSync(folder, { recursive: true });
    const shots = [
      ['home', '/'],
      ['resource', '/resources/prompt-context-engineering'],
      ['article', '/articles/paying-agents-guide'],
    ];
    for (const [name, pathname] of shots) {
      for (const width of [1280, 390]) {
        for (const colorScheme of ['light', 'dark'] as const) {
          await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
          await page.emulateMedia({ colorScheme });
          await page.goto(`${site.origin}${pathname}`);
          const file = path.join(folder, `${name}-${width}-${colorScheme}.png`);
          await page.screenshot({ path: file, fullPage: true });
          expect(fs.statSync(file).size).toBeGreaterThan(10_000);
        }
      }
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  });
});
