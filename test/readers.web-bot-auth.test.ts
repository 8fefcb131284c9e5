import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { build as esbuild } from 'esbuild';
import { Miniflare } from 'miniflare';
import { type Signer, signatureHeaders } from 'web-bot-auth';
import { signerFromJWK } from 'web-bot-auth/crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeGraderNetwork } from '../src/grader/node-network.js';
import { KeyDirectoryCache } from '../src/worker/readers/key-directory.js';
import { trustedSignatureOrigins, verifySignedAgent } from '../src/worker/readers/web-bot-auth.js';
import { repoRoot } from './helpers/fixtures.js';
import { printWorkerdOutput } from './helpers/workerd-output.js';

// Two Ed25519 key pairs made for these tests: the signer's, published in its directory, and another.
async function ed25519Jwk(): Promise<JsonWebKey> {
  const pair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])) as CryptoKeyPair;
  return crypto.subtle.exportKey('jwk', pair.privateKey);
}
const publicPart = ({ kty, crv, x }: JsonWebKey) => ({ kty, crv, x });

type DirectoryMode = 'keys' | 'not-json' | 'too-big' | 'slow';
let mode: DirectoryMode = 'keys';
let signerKey: JsonWebKey;
let otherKey: JsonWebKey;
let signer: Signer;
let directoryServer: http.Server;
let signerOrigin: string;
let directoryFetches = 0;

beforeAll(async () => {
  signerKey = await ed25519Jwk();
  otherKey = await ed25519Jwk();
  signer = await signerFromJWK(signerKey);
  directoryServer = http.createServer((request, response) => {
    if (request.url !== '/.well-known/http-message-signatures-directory') {
      response.writeHead(404).end();
      return;
    }
    directoryFetches++;
    const type = { 'Content-Type': 'application/http-message-signatures-directory+json' };
    if (mode === 'keys') response.writeHead(200, type).end(JSON.stringify({ keys: [publicPart(signerKey)] }));
    else if (mode === 'not-json') response.writeHead(200, type).end('<html>keys</html>');
    else if (mode === 'too-big')
      response
        .writeHead(200, type)
        .end(JSON.stringify({ keys: [publicPart(signerKey)], padding: 'x'.repeat(200_000) }));
    // Slow: the headers come, the body never does.
    else response.writeHead(200, type).write('{"keys": [');
  });
  await new Promise<void>((resolve) => directoryServer.listen(0, '127.0.0.1', resolve));
  signerOrigin = `http://127.0.0.1:${(directoryServer.address() as AddressInfo).port}`;
});

afterAll(async () => {
  directoryServer.closeAllConnections();
  await new Promise((resolve) => directoryServer.close(resolve));
});

interface SignedRequestOptions {
  url?: string;
  agent?: string;
  by?: Signer;
  created?: Date;
  expires?: Date;
  components?: string[];
}

/** A request signed by the `web-bot-auth` package's own signer, as a bot would send it. */
async function signedRequest({
  url = 'https://site.test/resources/mcp?ref=1',
  agent = `sig1="${signerOrigin}"`,
  by = signer,
  created = new Date(Date.now() - 1_000),
  expires = new Date(Date.now() + 300_000),
  components = ['@authority', 'signature-agent', '@path'],
}: SignedRequestOptions = {}): Promise<Request> {
  const unsigned = new Request(url, { headers: { 'Signature-Agent': agent } });
  const headers = await signatureHeaders(unsigned, by, { created, expires, components });
  return new Request(url, { headers: { 'Signature-Agent': agent, ...headers } });
}

const fresh = () => new KeyDirectoryCache();
const trusted = () => ({
  trustedOrigins: trustedSignatureOrigins(` ${signerOrigin}/ , not a url`),
  directories: fresh(),
});

describe('verifying Web Bot Auth signatures', () => {
  it('verifies a request signed with a key its signer publishes, and fetches the directory once', async () => {
    mode = 'keys';
    const options = trusted();
    const before = directoryFetches;
    for (let i = 0; i < 3; i++)
      expect(await verifySignedAgent(await signedRequest(), options)).toEqual({
        verified: true,
        signer: signerOrigin,
        keyid: signer.keyid,
      });
    expect(directoryFetches - before).toBe(1);
    // The earlier single-string form of `Signature-Agent` names the signer too.
    expect(await verifySignedAgent(await signedRequest({ agent: `"${signerOrigin}"` }), trusted())).toMatchObject({
      verified: true,
    });
  });

  it('refuses a signature made with another key', async () => {
    mode = 'keys';
    const other = await signerFromJWK(otherKey);
    expect(await verifySignedAgent(await signedRequest({ by: other }), trusted())).toEqual({
      verified: false,
      reason: `the key ${other.keyid} is not in ${signerOrigin}'s directory`,
    });
    // Another key claiming the published key's id.
    const impostor: Signer = { alg: other.alg, keyid: signer.keyid, sign: (data) => other.sign(data) };
    expect(await verifySignedAgent(await signedRequest({ by: impostor }), trusted())).toEqual({
      verified: false,
      reason: 'invalid signature',
    });
  });

  it('refuses a request whose covered path or host was changed after signing', async () => {
    mode = 'keys';
    const signed = await signedRequest();
    const headers = new Headers(signed.headers);
    expect(
      await verifySignedAgent(new Request('https://site.test/resources/premium-guide?ref=1', { headers }), trusted()),
    ).toEqual({ verified: false, reason: 'invalid signature' });
    expect(
      await verifySignedAgent(new Request('https://other.test/resources/mcp?ref=1', { headers }), trusted()),
    ).toEqual({ verified: false, reason: 'invalid signature' });
  });

  it('refuses an expired signature, and one that does not cover who signed it, before fetching anything', async () => {
    mode = 'keys';
    const before = directoryFetches;
    const expired = await signedRequest({
      created: new Date(Date.now() - 600_000),
      expires: new Date(Date.now() - 300_000),
    });
    expect(await verifySignedAgent(expired, trusted())).toEqual({
      verified: false,
      reason: 'the signature has expired',
    });
    // The package refuses to leave out a `Signature-Agent` it was given: sign without it, then add it.
    const url = 'https://site.test/resources/mcp';
    const headers = await signatureHeaders(new Request(url), signer, {
      created: new Date(Date.now() - 1_000),
      expires: new Date(Date.now() + 300_000),
    });
    expect(headers['Signature-Input']).not.toContain('signature-agent');
    const uncovered = new Request(url, { headers: { ...headers, 'Signature-Agent': `"${signerOrigin}"` } });
    expect(await verifySignedAgent(uncovered, trusted())).toEqual({
      verified: false,
      reason: 'the signature does not cover `@authority` and `signature-agent`',
    });
    expect(directoryFetches).toBe(before);
  });

  it('says a request without a signature or a signer is not verified', async () => {
    expect(await verifySignedAgent(new Request('https://site.test/'), trusted())).toEqual({
      verified: false,
      reason: 'the request is not signed',
    });
    const signed = await signedRequest();
    const headers = new Headers(signed.headers);
    headers.delete('signature-agent');
    expect(await verifySignedAgent(new Request(signed.url, { headers }), trusted())).toMatchObject({
      verified: false,
      reason: expect.stringContaining('Signature-Agent'),
    });
    headers.set('signature-agent', `sig1="${'x'.repeat(10_000)}"`);
    expect(await verifySignedAgent(new Request(signed.url, { headers }), trusted())).toEqual({
      verified: false,
      reason: 'a signature header is too long',
    });
  });

  it('never fetches a plain-http or private directory unless its origin is trusted', async () => {
    mode = 'keys';
    const before = directoryFetches;
    expect(await verifySignedAgent(await signedRequest(), { directories: fresh() })).toEqual({
      verified: false,
      reason: `the signer ${signerOrigin} is not https`,
    });
    for (const origin of ['https://127.0.0.1', 'https://[::1]', 'https://10.0.0.8', 'https://169.254.169.254']) {
      const check = await verifySignedAgent(await signedRequest({ agent: `sig1="${origin}"` }), {
        directories: fresh(),
      });
      expect(check).toEqual({ verified: false, reason: `the signer ${origin} is not a host name` });
    }
    expect(
      await verifySignedAgent(await signedRequest({ agent: 'sig1="https://keys.localhost"' }), {
        directories: fresh(),
      }),
    ).toMatchObject({ verified: false, reason: expect.stringContaining('is a local name') });
    // A public-looking name that resolves inward, as a rebinding name would under `agentdir serve`.
    const inward = nodeGraderNetwork(async () => [{ address: '192.168.1.20', family: 4 }]);
    expect(
      await verifySignedAgent(await signedRequest({ agent: 'sig1="https://signer.example.com"' }), {
        directories: fresh(),
        network: inward,
      }),
    ).toMatchObject({ verified: false, reason: expect.stringContaining('resolves to 192.168.1.20') });
    expect(directoryFetches).toBe(before);
  });

  it.each([
    ['not-json', 'is not JSON'],
    ['too-big', 'larger than 65536 bytes'],
    ['slow', 'timed out'],
  ] as const)('refuses the signature when the directory is %s', async (directoryMode, reason) => {
    mode = directoryMode;
    const started = Date.now();
    const check = await verifySignedAgent(await signedRequest(), {
      ...trusted(),
      directories: new KeyDirectoryCache({ timeoutMs: 500 }),
    });
    expect(check).toMatchObject({ verified: false, reason: expect.stringContaining(reason) });
    expect(Date.now() - started).toBeLessThan(3_000);
    mode = 'keys';
  });

  it('verifies inside workerd, with the package bundled for the worker', async () => {
    mode = 'keys';
    const entry = path.join(repoRoot, 'test', 'fixtures', 'web-bot-auth-worker', 'worker.ts');
    const bundled = await esbuild({
      entryPoints: [entry],
      bundle: true,
      format: 'esm',
      platform: 'neutral',
      mainFields: ['module', 'main'],
      target: 'es2022',
      minify: true,
      write: false,
      logLevel: 'silent',
    });
    const miniflare = new Miniflare({
      modules: true,
      script: bundled.outputFiles[0]!.text,
      compatibilityDate: '2025-09-01',
      bindings: { AGENTDIR_SIGNATURE_DIRECTORIES: signerOrigin },
      handleRuntimeStdio: printWorkerdOutput,
    });
    try {
      const signed = await signedRequest();
      const answer = await miniflare.dispatchFetch(signed.url, { headers: Object.fromEntries(signed.headers) });
      expect(await answer.json()).toEqual({ verified: true, signer: signerOrigin, keyid: signer.keyid });
      const forged = await signedRequest({ by: await signerFromJWK(otherKey) });
      const refused = await miniflare.dispatchFetch(forged.url, { headers: Object.fromEntries(forged.headers) });
      expect(await refused.json()).toMatchObject({ verified: false });
    } finally {
      await miniflare.dispose();
    }
  });
});
