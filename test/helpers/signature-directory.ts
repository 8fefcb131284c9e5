import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Signer, signatureHeaders } from 'web-bot-auth';
import { signerFromJWK } from 'web-bot-auth/crypto';

/** How the directory answers: its keys, a page that is not JSON, 200 KB, or headers and never a body. */
export type DirectoryMode = 'keys' | 'not-json' | 'too-big' | 'slow';

/** A fresh Ed25519 private key as a JWK. */
export async function ed25519Jwk(): Promise<JsonWebKey> {
  const pair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])) as CryptoKeyPair;
  return crypto.subtle.exportKey('jwk', pair.privateKey);
}
const publicPart = ({ kty, crv, x }: JsonWebKey) => ({ kty, crv, x });

export const directoryPath = '/.well-known/http-message-signatures-directory';

/**
 * A Web Bot Auth signer on a local server: two Ed25519 key pairs made for the tests, the signer's,
 * published in its key directory at `origin`, and another that it does not publish.
 */
export async function startSignatureDirectory(): Promise<{
  origin: string;
  signer: Signer;
  other: Signer;
  mode: DirectoryMode;
  /** How many times the directory was fetched. */
  fetches: number;
  close(): Promise<void>;
}> {
  const signerKey = await ed25519Jwk();
  const state = { mode: 'keys' as DirectoryMode, fetches: 0 };
  const server = http.createServer((request, response) => {
    if (request.url !== directoryPath) {
      response.writeHead(404).end();
      return;
    }
    state.fetches++;
    const type = { 'Content-Type': 'application/http-message-signatures-directory+json' };
    if (state.mode === 'keys') response.writeHead(200, type).end(JSON.stringify({ keys: [publicPart(signerKey)] }));
    else if (state.mode === 'not-json') response.writeHead(200, type).end('<html>keys</html>');
    else if (state.mode === 'too-big')
      response
        .writeHead(200, type)
        .end(JSON.stringify({ keys: [publicPart(signerKey)], padding: 'x'.repeat(200_000) }));
    // Slow: the headers come, the body never does.
    else response.writeHead(200, type).write('{"keys": [');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(state, {
    origin,
    signer: await signerFromJWK(signerKey),
    other: await signerFromJWK(await ed25519Jwk()),
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  });
}

export interface SignOptions {
  /** The `Signature-Agent` header: who signed, naming the key directory's origin. */
  agent: string;
  by: Signer;
  created?: Date;
  expires?: Date;
  components?: string[];
  /** Other headers sent with the request (not signed unless named in `components`). */
  headers?: Record<string, string>;
}

/** The headers of a request to `url` signed by the `web-bot-auth` package's own signer, as a bot would send them. */
export async function signedHeaders(
  url: string,
  {
    agent,
    by,
    created = new Date(Date.now() - 1_000),
    expires = new Date(Date.now() + 300_000),
    components = ['@authority', 'signature-agent', '@path'],
    headers = {},
  }: SignOptions,
): Promise<Record<string, string>> {
  const unsigned = new Request(url, { headers: { ...headers, 'Signature-Agent': agent } });
  const signature = await signatureHeaders(unsigned, by, { created, expires, components });
  return { ...headers, 'Signature-Agent': agent, ...signature };
}
