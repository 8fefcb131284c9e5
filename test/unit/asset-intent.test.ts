import { describe, expect, it } from 'vitest';
import { assetIntent, decodeAssetPath, encodeAssetPath, type FindFile } from '../../src/serve/asset-intent.js';

// Files a build never writes but a static folder may hold, answered as workerd's asset server
// answers them under `html_handling: drop-trailing-slash` and `not_found_handling: 404-page`.
const folder = ['/404.html', '/page.html', '/dir/index.html', '/both.html', '/both/index.html', '/sub/404.html'];
const find: FindFile = async (key) =>
  folder.includes(key) ? { key, id: key, read: async () => new Uint8Array() } : null;

async function answer(pathname: string): Promise<string> {
  const intent = await assetIntent(decodeAssetPath(pathname), find);
  if (!intent) return 'nothing';
  if ('redirect' in intent) return `307 ${intent.redirect}`;
  return `${intent.status} ${intent.file.key}`;
}

describe("Cloudflare's asset steps, as agentdir serve follows them", () => {
  it.each([
    ['/page', '200 /page.html'],
    ['/page.html', '307 /page'],
    ['/page/', '307 /page'],
    ['/dir', '200 /dir/index.html'],
    ['/dir/', '307 /dir'],
    ['/dir.html', '307 /dir'],
    ['/dir/index', '307 /dir'],
    ['/both', '200 /both.html'],
    ['/both/', '307 /both'],
    ['/both.html', '307 /both'],
    ['/both/index.html', '200 /both/index.html'],
    ['/404.html', '307 /404'],
    ['/404', '200 /404.html'],
    ['/sub/nothing', '404 /sub/404.html'],
    ['/sub/', '404 /sub/404.html'],
    ['/elsewhere/nothing', '404 /404.html'],
    ['//page', '200 /page.html'],
  ])('%s: %s', async (pathname, expected) => {
    expect(await answer(pathname)).toBe(expected);
  });

  it('finds nothing at all without a 404 page', async () => {
    expect(await assetIntent('/nothing', async () => null)).toBeNull();
  });

  it('spells each path one way: segments decoded, slashes collapsed, then encoded as encodeURIComponent does', () => {
    expect(decodeAssetPath('//%72esources//wire%2Dformats')).toBe('/resources/wire-formats');
    expect(decodeAssetPath('/%ff/x')).toBe('/%ff/x');
    expect(encodeAssetPath("/a;b/caf\u00e9/x:y/it's")).toBe("/a%3Bb/caf%C3%A9/x%3Ay/it's");
  });
});
