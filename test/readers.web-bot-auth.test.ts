import path from 'node:path';
import { build as esbuild } from 'esbuild';
import { Miniflare } from 'miniflare';
import { type Signer, signatureHeaders } from 'web-bot-auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeGraderNetwork } from '../src/grader-node/node-network.js';
import { KeyDirectoryCache } from '../src/worker/readers/key-directory.js';
import { trustedSignatureOrigins, verifySignedAgent } from '../src/worker/readers/web-bot-auth.js';
import { repoRoot } from './helpers/fixtures.js';
import { signedHeaders, startSignatureDirectory } from './helpers/signature-directory.js';
import { printWorkerdOutput } from './helpers/workerd-output.js';

let directory: Awaited<ReturnType<typeof startSignatureDirectory>>;
let signer: Signer;
let signerOrigin: string;

beforeAll(async () => {
  directory = await startSignatureDirectory();
  signer = directory.signer;
  signerOrigin = directory.origin;
});

afterAll(() => directory.close());

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
  ...times
}: SignedRequestOptions = {}): Promise<Request> {
  return new Request(url, { headers: await signedHeaders(url, { agent, by, ...times }) });
}

const fresh = () => new KeyDirectoryCache();
const trusted = () => ({
  trustedOrigins: trustedSignatureOrigins(` ${signerOrigin}/ , not a url`),
  directories: fresh(),
});

describe('verifying Web Bot Auth signatures', () => {
  it('verifies a request signed with a key its signer publishes, and fetches the directory once', async () => {
    directory.mode = 'keys';
    const options = trusted();
    const before = directory.fetches;
    for (let i = 0; i < 3; i++)
      expect(await verifySignedAgent(await signedRequest(), options)).toEqual({
        verified: true,
        signer: signerOrigin,
        keyid: signer.keyid,
      });
    expect(directory.fetches - before).toBe(1);
    // The earlier single-string form of `Signature-Agent` names the signer too.
    expect(await verifySignedAgent(await signedRequest({ agent: `"${signerOrigin}"` }), trusted())).toMatchObject({
      verified: true,
    });
  });

  it('refuses a signature made with another key', async () => {
    directory.mode = 'keys';
    const other = directory.other;
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
    directory.mode = 'keys';
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
    directory.mode = 'keys';
    const before = directory.fetches;
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
    expect(directory.fetches).toBe(before);
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
    directory.mode = 'keys';
    const before = directory.fetches;
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
    expect(directory.fetches).toBe(before);
  });

  it.each([
    ['not-json', 'is not JSON'],
    ['too-big', 'larger than 65536 bytes'],
    ['slow', 'timed out'],
  ] as const)('refuses the signature when the directory is %s', async (directoryMode, reason) => {
    directory.mode = directoryMode;
    const started = Date.now();
    const check = await verifySignedAgent(await signedRequest(), {
      ...trusted(),
      directories: new KeyDirectoryCache({ timeoutMs: 500 }),
    });
    expect(check).toMatchObject({ verified: false, reason: expect.stringContaining(reason) });
    expect(Date.now() - started).toBeLessThan(3_000);
    directory.mode = 'keys';
  });

  it('verifies inside workerd, with the package bundled for the worker', async () => {
    directory.mode = 'keys';
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
      const forged = await signedRequest({ by: directory.other });
      const refused = await miniflare.dispatchFetch(forged.url, { headers: Object.fromEntries(forged.headers) });
      expect(await refused.json()).toMatchObject({ verified: false });
    } finally {
      await miniflare.dispose();
    }
  });
});
