import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyFixture, tempDir } from './helpers/fixtures.js';
import { stackTraceLines } from './helpers/stack-trace.js';
import { runCli } from './helpers/run-cli.js';

// The URLs of site.yaml follow the rules of `--base-url` (src/util/url-fault.ts): `url` is the base
// of every URL the site publishes, the others are published as links. Each fault is an InvalidUrl
// problem at its line in site.yaml, found by validate, before a build crashes on it or publishes it.

function run(content: string, ...args: string[]) {
  return runCli(path.dirname(content), args, { env: { SOURCE_DATE_EPOCH: '1780272000' } });
}

/** The minimal fixture with `find` in its site.yaml replaced by `replace`; the line it is on. */
function withSite(find: string, replace: string): { content: string; line: number } {
  const content = copyFixture('minimal');
  const file = path.join(content, 'site.yaml');
  const text = fs.readFileSync(file, 'utf8');
  expect(text).toContain(find);
  fs.writeFileSync(file, text.replace(find, replace));
  return { content, line: text.slice(0, text.indexOf(find)).split('\n').length };
}

function validateProblems(content: string) {
  const result = run(content, 'validate', path.basename(content), '--format', 'json', '--no-cache');
  expect(stackTraceLines(result.stdout + result.stderr)).toEqual([]);
  return { code: result.code, problems: JSON.parse(result.stdout).problems as Record<string, unknown>[] };
}

describe('URLs in site.yaml', () => {
  // The field, the value written, the line of the fixture it replaces, and the words of the message.
  it.each([
    ['url', '"https://t.example:99999/"', 'url: https://fixture.example', 'has a port outside 1 to 65535'],
    ['url', 'https://t.example:0', 'url: https://fixture.example', 'has a port outside 1 to 65535'],
    ['url', '"https://user:pw@t.example/"', 'url: https://fixture.example', 'carries a user name or password'],
    ['url', '"https://t.example/?preview=1"', 'url: https://fixture.example', 'has a query'],
    ['url', '"https://t.example/docs#top"', 'url: https://fixture.example', 'has a fragment'],
    [
      'publisher.url',
      '"https://admin:secret@fixture.example"',
      '  url: https://fixture.example',
      'carries a user name',
    ],
    ['pricing.payment_url', '"https://fixture.example:70000/buy"', 'payment_url: https://fixture.example/buy', 'port'],
    [
      'pricing.tiers.1.checkout_url',
      '"https://shop:key@fixture.example/buy?tier=corpus"',
      'checkout_url: https://fixture.example/buy?tier=corpus',
      'carries a user name',
    ],
  ])('`%s: %s` is an InvalidUrl problem at its line', (field, value, find, words) => {
    const { content, line } = withSite(find, find.replace(/: .*/, `: ${value}`));
    const { code, problems } = validateProblems(content);
    expect(code).toBe(1);
    expect(problems).toEqual([
      expect.objectContaining({
        code: 'InvalidUrl',
        severity: 'error',
        file: 'minimal/site.yaml',
        line,
        field,
        message: expect.stringContaining(words),
        hint: expect.any(String),
      }),
    ]);
    // A password is not repeated in the message: the site would publish it, the report need not.
    if (value.includes('@')) expect(String(problems[0]!.message)).not.toMatch(/pw|secret|key@/);
  });

  it('lets a checkout or publisher URL carry a query, as links do', () => {
    const { content } = withSite(
      'payment_url: https://fixture.example/buy',
      'payment_url: "https://fixture.example/buy?ref=agents#plans"',
    );
    expect(validateProblems(content)).toEqual({ code: 0, problems: [] });
  });

  it('stops a build with port 99999 before any work, where it crashed', () => {
    const { content } = withSite('url: https://fixture.example', 'url: "https://t.example:99999/"');
    const outDir = path.join(tempDir(), 'dist');
    const result = run(content, 'build', path.basename(content), '--out', outDir, '--no-cache');
    expect(stackTraceLines(result.stdout + result.stderr)).toEqual([]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('[InvalidUrl: URL in site.yaml cannot be published]');
    expect(fs.existsSync(path.join(outDir, 'public'))).toBe(false);
  });

  it('publishes no credentials of `url` in canonical URLs or share links: the build refuses them', () => {
    const { content } = withSite('url: https://fixture.example', 'url: "https://user:pw@fixture.example/"');
    const outDir = path.join(tempDir(), 'dist');
    const result = run(content, 'build', path.basename(content), '--out', outDir, '--no-cache');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('minimal/site.yaml:2:');
    expect(fs.existsSync(path.join(outDir, 'public'))).toBe(false);
  });
});
