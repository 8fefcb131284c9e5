import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReadersReport } from '../src/analytics/report.js';
import { readersReportHtml } from '../src/analytics/report-html.js';
import { chromiumPath, launchBrowser, type TestBrowser } from './helpers/browser.js';
import { fixturesDir, readJson, tempDir } from './helpers/fixtures.js';
import { startStaticSite } from './helpers/static-site.js';

// `agentdir analytics --html`: one self-contained page of charts and tables, read in chromium as a
// publisher would open it, and checked with axe, in light and dark, on a desktop and a phone.

const fixtures = ['week', 'empty', 'hostile'] as const;
type Fixture = (typeof fixtures)[number];

const options = {
  siteName: 'Agent Directory',
  siteUrl: 'https://agents.example',
  generatedAt: new Date('2026-11-26T07:30:00Z'),
};

function reportOf(name: Fixture): ReadersReport {
  return readJson<ReadersReport>(path.join(fixturesDir, 'readers-reports', name, 'report.json'));
}

const week = reportOf('week');
const hostile = reportOf('hostile');
const count = (value: number) => value.toLocaleString('en-US');
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** What a user's text reads as on the page: HTML allows no control character but LF and CR, so the rest show as U+FFFD. */
function shownText(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it replaces.
  return text.replace(/[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f]/g, '\ufffd');
}

describe('the HTML readers report as a string', () => {
  it('has no script, and every string of a hostile report only as escaped text', () => {
    const html = readersReportHtml(hostile, options);
    // Matches only, not the whole page, when this fails.
    expect(html.match(/<(script|img|iframe|link|style>body|svg onload)|\son\w+="/gi)).toBeNull();
    expect(html.includes('&lt;script&gt;window.__ran = &quot;agent&quot;&lt;/script&gt;')).toBe(true);
    // An entity in the data is shown as written, not decoded.
    expect(html.includes('&amp;lt;not-an-entity&amp;gt;')).toBe(true);
  });

  it('renders a report with no rows at all, saying plainly that each section is empty', () => {
    const html = readersReportHtml(reportOf('empty'), options);
    for (const sentence of [
      'No requests were recorded in this period.',
      'No reader was recorded in this period.',
      'No searches came back empty in this period.',
      'No MCP tool was called in this period.',
      'No feedback was given in this period.',
      'No premium read was asked to pay, opened by a key or paid in this period.',
    ])
      expect(html).toContain(sentence);
    expect(html).not.toContain('<figure>');
  });
});

const browserAvailable = fs.existsSync(chromiumPath);
if (!browserAvailable) console.warn(`Skipping the HTML report's browser checks: ${chromiumPath} is not installed.`);

describe.runIf(browserAvailable)('the HTML readers report in chromium', () => {
  let browser: TestBrowser;
  let site: Awaited<ReturnType<typeof startStaticSite>>;
  let page: Page;
  /** Every request the page sent, the document's included. */
  let requests: string[] = [];
  let dialogs = 0;

  beforeAll(async () => {
    const folder = tempDir('agentdir-report-html-');
    for (const name of fixtures)
      fs.writeFileSync(path.join(folder, `${name}.html`), readersReportHtml(reportOf(name), options));
    site = await startStaticSite(folder);
    browser = await launchBrowser();
    page = await browser.context.newPage();
    page.on('request', (request) => requests.push(request.url()));
    page.on('dialog', (dialog) => {
      dialogs += 1;
      void dialog.dismiss();
    });
  });

  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  async function open(name: Fixture, colorScheme: 'light' | 'dark' = 'light', width = 1280): Promise<void> {
    await page.setViewportSize({ width, height: 900 });
    await page.emulateMedia({ colorScheme, media: 'screen' });
    requests = [];
    await page.goto(`${site.url}${name}.html`, { waitUntil: 'load' });
  }

  async function tableRows(selector: string): Promise<string[][]> {
    return page.$$eval(`${selector} tbody tr`, (rows) =>
      rows.map((row) => Array.from(row.children, (cell) => cell.textContent ?? '')),
    );
  }

  it.each(fixtures.flatMap((name) => [name, `${name} dark`]))(
    'the %s report has no accessibility violation (axe), on a desktop and a phone',
    async (label) => {
      const [name, scheme] = label.split(' ') as [Fixture, 'dark' | undefined];
      for (const width of [1280, 390]) {
        await open(name, scheme ?? 'light', width);
        // Closed tables are out of axe's reach; opened, their contrast and structure are checked too.
        await page.$$eval('details', (all) => {
          for (const details of all) details.open = true;
        });
        const { violations } = await new AxeBuilder({ page }).analyze();
        expect(
          violations.map(
            (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
          ),
          `${label} at ${width} px`,
        ).toEqual([]);
        // Nothing is wider than a phone's screen.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      }
    },
  );

  it.each(fixtures)('the %s report runs no script and fetches nothing', async (name) => {
    await open(name);
    expect(requests).toEqual([`${site.url}${name}.html`]);
    expect(browser.externalRequests).toEqual([]);
    expect(dialogs).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __ran?: unknown }).__ran)).toBeUndefined();
    const active = await page.evaluate(() => ({
      scripts: document.scripts.length,
      loaders: document.querySelectorAll('img, iframe, link, object, embed, [src]').length,
      handlers: Array.from(document.querySelectorAll('*')).filter((element) =>
        element.getAttributeNames().some((attribute) => attribute.startsWith('on')),
      ).length,
    }));
    expect(active).toEqual({ scripts: 0, loaders: 0, handlers: 0 });
  });

  it('draws each of the eight charts of a week as a captioned figure with a sized, titled SVG', async () => {
    await open('week');
    const figures = await page.$$('main figure');
    expect(figures).toHaveLength(8);
    for (const figure of figures) {
      expect(await figure.$eval('figcaption', (caption) => caption.textContent?.trim().length)).toBeGreaterThan(10);
      const svg = (await figure.$('svg[role="img"]'))!;
      const box = await svg.boundingBox();
      expect(box!.width).toBeGreaterThan(250);
      expect(box!.height).toBeGreaterThan(60);
      const named = await svg.evaluate((element) => {
        const title = document.getElementById(element.getAttribute('aria-labelledby') ?? '');
        const desc = document.getElementById(element.getAttribute('aria-describedby') ?? '');
        return [title?.parentElement === element && title.tagName, desc?.parentElement === element && desc.tagName];
      });
      expect(named).toEqual(['title', 'desc']);
      for (const bar of await svg.$$('rect.bar')) {
        const barBox = await bar.boundingBox();
        expect(barBox!.width * barBox!.height).toBeGreaterThan(0);
      }
    }
  });

  it('draws one column per day of the week, each as tall as its requests, and tables the same figures', async () => {
    await open('week');
    const days = [...new Set(week.daily.map((row) => row.day))].sort();
    const totals = days.map((day) => sum(week.daily.filter((row) => row.day === day).map((row) => row.requests)));
    const columns = await page.$$eval('#daily g.day', (groups) =>
      groups.map((group) => ({
        day: group.getAttribute('data-day'),
        height: Array.from(group.querySelectorAll('rect')).reduce(
          (height, rect) => height + Number(rect.getAttribute('height')),
          0,
        ),
        kinds: Array.from(group.querySelectorAll('rect'), (rect) => rect.getAttribute('data-kind')),
      })),
    );
    expect(columns.map((column) => column.day)).toEqual(days);
    expect(columns.every((column) => column.kinds.join() === 'ai-agent,crawler,browser,unknown')).toBe(true);
    const busiest = Math.max(...totals);
    const tallest = Math.max(...columns.map((column) => column.height));
    for (const [index, column] of columns.entries())
      expect(column.height / tallest).toBeCloseTo(totals[index]! / busiest, 2);
    const rows = await tableRows('#daily');
    expect(rows.map((row) => [row[0], row.at(-1)])).toEqual(days.map((day, index) => [day, count(totals[index]!)]));
  });

  it('draws readers by agent as bars as long as their requests, marks the verified ones, and tables every agent', async () => {
    await open('week');
    const shown = [...week.agents].sort((a, b) => b.requests - a.requests);
    const bars = await page.$$eval('#agents g.row', (rows) =>
      rows.map((row) => ({
        label: row.querySelector('.label')?.textContent,
        width: Number(row.querySelector('rect')?.getAttribute('width') ?? 0),
        figure: row.querySelector('.figure')?.textContent,
      })),
    );
    expect(bars).toHaveLength(shown.length);
    const widest = Math.max(...bars.map((bar) => bar.width));
    for (const [index, agent] of shown.entries()) {
      const bar = bars[index]!;
      expect(bar.label!.startsWith(agent.agent)).toBe(true);
      expect(bar.label!.endsWith('✓ verified')).toBe(agent.verified);
      expect(bar.figure).toBe(count(agent.requests));
      expect(bar.width / widest).toBeCloseTo(agent.requests / shown[0]!.requests, 2);
    }
    const rows = await tableRows('#agents');
    expect(rows.map((row) => [row[0], row[3], row[4], row[5]])).toEqual(
      shown.map((agent) => [agent.agent, agent.verified ? 'Yes' : 'No', count(agent.requests), count(agent.readers)]),
    );
  });

  it('gives the headline figures, the funnel, the revenue and the searches to write for as the report has them', async () => {
    await open('week');
    const headline = Object.fromEntries(
      await page.$$eval('#headline dl > div', (items) =>
        items.map((item) => [item.querySelector('dt')?.textContent, item.querySelector('.value')?.textContent]),
      ),
    );
    const { totals, access } = week;
    expect(headline).toEqual({
      Requests: count(totals.requests),
      'Agent share': `${((totals.agentRequests / totals.requests) * 100).toFixed(1)}%`,
      'Distinct readers': count(totals.readers),
      'Searches with no results': count(sum(week.zeroResultSearches.map((search) => search.searches))),
      '402 answers': count(access.paymentRequired),
      'Paid reads': count(access.keyedReads + access.x402Payments),
    });
    expect(await tableRows('#access figure')).toEqual([
      ['Asked to pay (402)', count(access.paymentRequired)],
      ['Read with a key', count(access.keyedReads)],
      ['Paid with x402', count(access.x402Payments)],
    ]);
    // USDC by contract address and by symbol: 11.5 and 1 USDC, with the atomic units beside them, 12.5 in all.
    expect(await page.$eval('#headline dl > div:last-child .detail', (detail) => detail.textContent)).toBe(
      '74 with a key, 23 paid with x402, 12.50 USDC',
    );
    expect((await tableRows('#access > table:first-of-type')).map((row) => row.slice(3))).toEqual([
      ['11.50 USDC', '11500000', '21'],
      ['1.00 USDC', '1000000', '2'],
    ]);
    // By resource, from the ledger: a resource sold on two networks has a row for each.
    expect(await tableRows('#access > table:last-of-type')).toEqual([
      ['pricing-tables', 'eip155:8453', '8.00 USDC', '16'],
      ['json-api', 'eip155:8453', '3.50 USDC', '5'],
      ['json-api', 'base', '1.00 USDC', '2'],
    ]);
    expect((await tableRows('#searches')).map((row) => row.slice(0, 2))).toEqual(
      week.zeroResultSearches.map((search) => [search.query, count(search.searches)]),
    );
    expect(await page.$$eval('#feedback .comments li', (items) => items.map((item) => item.textContent))).toEqual(
      week.feedback.flatMap((page) => page.comments),
    );
  });

  it('shows every hostile string as text, whole, however long', async () => {
    await open('hostile');
    const text = await page.evaluate(() => document.body.textContent ?? '');
    const strings = [
      ...hostile.agents.flatMap((agent) => [agent.agent, agent.operator ?? '']),
      ...hostile.formats.map((format) => format.format),
      ...hostile.pages.map((row) => row.path),
      ...hostile.tools.map((tool) => tool.tool),
      ...hostile.zeroResultSearches.flatMap((search) => [search.query, search.last]),
      ...hostile.feedback.flatMap((row) => [row.page, ...row.comments]),
      ...hostile.access.revenueByResource.flatMap((row) => [row.slug, row.network]),
    ];
    expect(strings.filter((string) => string.length >= 10_240)).toHaveLength(3);
    for (const string of strings) expect(text.includes(shownText(string)), string.slice(0, 80)).toBe(true);
    // A comment keeps its lines; its control characters show as U+FFFD, NEL not as an ellipsis.
    expect(await page.$eval('#feedback .comments li:nth-child(2)', (item) => item.textContent)).toBe(
      'line one\nline two\r\nstill\ufffdhere\ufffdNEL',
    );
    // A day that is not a date is left out rather than drawn: the period's two days are.
    expect(
      await page.$$eval('#daily g.day', (groups) => groups.map((group) => group.getAttribute('data-day'))),
    ).toEqual(['2026-11-24', '2026-11-25']);
  });

  it('prints every table, closed or not', async () => {
    await open('week');
    const visible = () => page.$$eval('details table', (tables) => tables.map((table) => table.checkVisibility()));
    expect(await visible()).toEqual(Array(8).fill(false));
    await page.emulateMedia({ media: 'print' });
    expect(await visible()).toEqual(Array(8).fill(true));
  });

  it('saves full-page screenshots to look at, light and dark, desktop and phone', async () => {
    const folder = path.join(os.tmpdir(), 'agentdir-readers-report');
    fs.mkdirSync(folder, { recursive: true });
    const shots: [Fixture, 'light' | 'dark', number][] = [
      ['week', 'light', 1280],
      ['week', 'dark', 1280],
      ['week', 'light', 390],
      ['empty', 'light', 1280],
      ['hostile', 'dark', 1280],
    ];
    for (const [name, scheme, width] of shots) {
      await open(name, scheme, width);
      const file = path.join(folder, `${name}-${width}-${scheme}.png`);
      await page.screenshot({ path: file, fullPage: true });
      expect(fs.statSync(file).size).toBeGreaterThan(10_000);
      console.log(`HTML report screenshot: ${file}`);
    }
  });
});
