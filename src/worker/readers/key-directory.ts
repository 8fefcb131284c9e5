// A signer's public keys, from its HTTP Message Signatures directory
// (`<origin>/.well-known/http-message-signatures-directory`, a JWKS), fetched the way the grader
// fetches: every address checked (src/grader/fetcher.ts), within a time and size bound, and kept
// per isolate for a while so a signer's requests cost one fetch.
import { isObject, objectOrEmpty } from '../../shared/json-shapes.js';
import { HTTP_MESSAGE_SIGNATURES_DIRECTORY, helpers, jwkToKeyID } from 'web-bot-auth';
import { type GraderNetwork, networkFetcher } from '../../grader/fetcher.js';

/** The keys of one directory, by their JWK thumbprint (the `keyid` a Web Bot Auth signature names). */
export type KeyDirectory = Map<string, JsonWebKey>;

export interface DirectoryLimits {
  /** How long a fetch may take, headers and body. */
  timeoutMs: number;
  maxBytes: number;
  /** Keys read from one directory; the rest are ignored. */
  maxKeys: number;
  /** Directories kept; the oldest goes first. */
  maxEntries: number;
  /** How long a fetched directory is trusted, and how long a failure is remembered. */
  ttlMs: number;
  failureTtlMs: number;
  /** New fetches per minute per isolate, so requests naming many signers cannot make the worker fetch for them. */
  fetchesPerMinute: number;
}

export const defaultDirectoryLimits: DirectoryLimits = {
  timeoutMs: 2_000,
  maxBytes: 64 * 1024,
  maxKeys: 32,
  maxEntries: 64,
  ttlMs: 10 * 60_000,
  failureTtlMs: 60_000,
  fetchesPerMinute: 30,
};

export type DirectoryResult = { ok: true; keys: KeyDirectory } | { ok: false; reason: string };

interface Entry {
  until: number;
  result: Promise<DirectoryResult>;
}

export interface DirectoryFetchOptions {
  /** The origin may be fetched though it is private or plain http: it is in `AGENTDIR_SIGNATURE_DIRECTORIES`. */
  trusted: boolean;
  /** The host's resolver and address-pinned fetch, as the grader gets them (`AGENTDIR_GRADER_NETWORK`). */
  network?: GraderNetwork;
}

/** Signers' key directories, fetched once per TTL and shared by concurrent requests. */
export class KeyDirectoryCache {
  readonly limits: DirectoryLimits;
  private readonly entries = new Map<string, Entry>();
  private fetchTimes: number[] = [];

  constructor(limits: Partial<DirectoryLimits> = {}) {
    this.limits = { ...defaultDirectoryLimits, ...limits };
  }

  keys(origin: string, options: DirectoryFetchOptions): Promise<DirectoryResult> {
    const now = Date.now();
    const cached = this.entries.get(origin);
    if (cached && cached.until > now) return cached.result;
    this.entries.delete(origin);
    this.fetchTimes = this.fetchTimes.filter((at) => at > now - 60_000);
    if (this.fetchTimes.length >= this.limits.fetchesPerMinute)
      return Promise.resolve({ ok: false, reason: 'too many key directories fetched this minute' });
    this.fetchTimes.push(now);
    const entry: Entry = { until: Number.POSITIVE_INFINITY, result: this.fetchKeys(origin, options) };
    entry.result.then((result) => {
      entry.until = Date.now() + (result.ok ? this.limits.ttlMs : this.limits.failureTtlMs);
    });
    this.entries.set(origin, entry);
    while (this.entries.size > this.limits.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return entry.result;
  }

  private async fetchKeys(origin: string, { trusted, network }: DirectoryFetchOptions): Promise<DirectoryResult> {
    const { timeoutMs, maxBytes, maxKeys } = this.limits;
    const url = `${origin}${HTTP_MESSAGE_SIGNATURES_DIRECTORY}`;
    try {
      const fetcher = networkFetcher({
        allowPrivate: false,
        ...(trusted ? { allowOrigins: [origin] } : {}),
        ...(typeof network?.resolveHost === 'function' ? { resolveHost: network.resolveHost } : {}),
        ...(typeof network?.fetch === 'function' ? { fetch: network.fetch } : {}),
        // A directory is served at its own address: no redirect is followed.
        limits: { perFetchMs: timeoutMs, totalMs: timeoutMs, maxBytes, maxRedirects: 0, maxFetches: 1 },
      });
      const fetched = await fetcher.get(url, {
        accept: 'application/http-message-signatures-directory+json, application/json;q=0.9',
      });
      if (fetched.error) return { ok: false, reason: `the key directory ${url} was not read: ${fetched.error}` };
      if (fetched.status !== 200) return { ok: false, reason: `the key directory ${url} answered ${fetched.status}` };
      let body: unknown;
      try {
        body = JSON.parse(fetched.text);
      } catch {
        return { ok: false, reason: `the key directory ${url} is not JSON` };
      }
      const listed = objectOrEmpty(body).keys;
      if (!Array.isArray(listed)) return { ok: false, reason: `the key directory ${url} has no \`keys\` list` };
      const keys: KeyDirectory = new Map();
      for (const jwk of listed.slice(0, maxKeys)) {
        if (!isObject(jwk)) continue;
        try {
          keys.set(await jwkToKeyID(jwk, helpers.WEBCRYPTO_SHA256, helpers.BASE64URL_DECODE), jwk as JsonWebKey);
        } catch {}
      }
      return { ok: true, keys };
    } catch (error) {
      return { ok: false, reason: `the key directory ${url} was not read: ${(error as Error)?.message ?? error}` };
    }
  }
}
