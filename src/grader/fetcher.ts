import { readBoundedText, type BoundedText } from '../shared/bounded-text.js';
import { internalErrorIn } from './grader-internal-error.js';
import { refusalIn } from './refused-address-error.js';
import { isIpLiteral } from './special-addresses.js';
import { checkTarget, forbiddenAddress } from './target-guard.js';

export interface Fetched {
  url: string;
  status: number;
  contentType: string;
  text: string;
  /** The body's bytes, when the request asked for them (`bytes`) and all of it was read. */
  bytes?: Uint8Array<ArrayBuffer>;
  /** The response headers; absent when nothing was answered. */
  headers?: Headers;
  /** Why nothing usable came back (unreachable, timed out, refused redirect, too large). */
  error?: string;
}

export interface FetchOptions {
  /** The request's Accept header; the grader's default prefers Markdown and text. */
  accept?: string;
  /** Keep the body's bytes as well as its text (a check that digests what was served). */
  bytes?: boolean;
}

/** What the grader asks for unless a check asks for a media type: text an agent can read. */
export const defaultAccept = 'text/markdown, text/plain, application/xml, text/html;q=0.8, */*;q=0.5';

/** The Accept a browser sends, for checks that read a page's HTML (a site may answer agents Markdown at the same URL). */
export const htmlAccept = 'text/html';

/** How the grader reads a site: over the network, or from a built folder. */
export interface SiteFetcher {
  get(url: string, options?: FetchOptions): Promise<Fetched>;
  /** How many more requests it will make; absent when it does not count them. */
  remaining?(): number;
}

export interface NetworkLimits {
  perFetchMs: number;
  totalMs: number;
  maxBytes: number;
  maxRedirects: number;
  maxFetches: number;
}

export const defaultLimits: NetworkLimits = {
  perFetchMs: 5_000,
  totalMs: 20_000,
  maxBytes: 1_000_000,
  maxRedirects: 5,
  maxFetches: 25,
};

/** The one fetch signature the grader uses; the platform's `fetch` is one. */
export type GraderFetch = (url: string | URL, init: RequestInit) => Promise<Response>;

/** What a platform adds to the address checks: Node passes `nodeGraderNetwork()`; Workers need neither (see README, grader). */
export interface GraderNetwork {
  /** Resolves a host name to its addresses, so names that point inward are refused before any request. */
  resolveHost?: (hostname: string) => Promise<string[]>;
  /** Fetches checked hops; it must refuse to connect to a forbidden address itself, since DNS can answer differently at connect time. */
  fetch?: GraderFetch;
}

export interface NetworkOptions extends GraderNetwork {
  allowPrivate: boolean;
  /** Origins exempt from the address checks (say, the one local server under test); every other hop is still checked. */
  allowOrigins?: string[];
  limits?: Partial<NetworkLimits>;
}

/**
 * The most telling message of a failed fetch: undici says only `fetch failed` and puts the system's
 * reason (`getaddrinfo ENOTFOUND docs.acme.com`, `connect ECONNREFUSED ...`) in its causes.
 */
function networkFailureReason(error: unknown): string {
  let reason = (error as Error | null)?.message || 'network error';
  for (
    let cause = (error as { cause?: unknown } | null)?.cause, depth = 0;
    cause && depth < 8;
    cause = (cause as { cause?: unknown }).cause, depth++
  ) {
    const message = (cause as Error).message;
    if (typeof message === 'string' && message) reason = message;
  }
  return reason;
}

/** Fetches over the network with every hop checked, a time budget, a fetch count and a size cap. */
export function networkFetcher(options: NetworkOptions): SiteFetcher {
  const limits = { ...defaultLimits, ...options.limits };
  const deadline = Date.now() + limits.totalMs;
  let fetches = 0;

  const refuse = (url: string, error: string): Fetched => ({ url, status: 0, contentType: '', text: '', error });

  return {
    remaining: () => Math.max(0, limits.maxFetches - fetches),
    async get(start, request = {}) {
      let current = start;
      for (let hop = 0; hop <= limits.maxRedirects; hop++) {
        const exempt = options.allowOrigins?.includes(new URL(current).origin) ?? false;
        const checked = checkTarget(current, { allowPrivate: options.allowPrivate || exempt });
        if (!checked.ok) return refuse(current, `refused: ${checked.reason}`);
        const host = checked.url.hostname.replace(/^\[|\]$/g, '');
        if (!options.allowPrivate && !exempt && options.resolveHost && !isIpLiteral(host)) {
          const addresses = await options.resolveHost(host).catch(() => [] as string[]);
          const inward = addresses.find((address) => forbiddenAddress(address));
          if (inward) return refuse(current, `refused: the host resolves to ${inward}, ${forbiddenAddress(inward)}`);
        }
        if (++fetches > limits.maxFetches)
          return refuse(current, `not fetched: the grader stops after ${limits.maxFetches} requests`);
        const remaining = deadline - Date.now();
        if (remaining <= 0)
          return refuse(current, `not fetched: the grader's ${limits.totalMs / 1000} s budget is spent`);
        // Unchecked hops (private allowed, exempt origin) use the platform's fetch: the pinned one would refuse them.
        const fetchHop: GraderFetch = options.allowPrivate || exempt ? fetch : (options.fetch ?? fetch);
        // One budget for the headers and the body: a site that trickles its body is cut off too.
        const signal = AbortSignal.timeout(Math.min(limits.perFetchMs, remaining));
        let response: Response;
        try {
          response = await fetchHop(checked.url, {
            redirect: 'manual',
            headers: {
              'User-Agent': 'agentdir-grader/1 (+https://agentdir.dev)',
              Accept: request.accept ?? defaultAccept,
            },
            signal,
          });
        } catch (error) {
          if (internalErrorIn(error)) throw error;
          const refusal = refusalIn(error);
          if (refusal) return refuse(current, `refused: the host resolves to ${refusal.address}, ${refusal.reason}`);
          return refuse(
            current,
            (error as Error).name === 'TimeoutError' ? 'timed out' : `unreachable (${networkFailureReason(error)})`,
          );
        }
        if (response.status >= 300 && response.status < 400 && response.headers.get('location')) {
          await response.body?.cancel();
          current = new URL(response.headers.get('location')!, checked.url).href;
          continue;
        }
        let body: BoundedText;
        try {
          body = await readBoundedText(response, {
            maxBytes: limits.maxBytes,
            signal,
            keepBytes: request.bytes === true,
          });
        } catch (error) {
          if (internalErrorIn(error)) throw error;
          return refuse(current, `unreachable (${networkFailureReason(error)})`);
        }
        if (body.kind === 'timed-out') return refuse(current, 'timed out');
        return {
          url: current,
          status: response.status,
          contentType: response.headers.get('content-type') ?? '',
          text: body.text,
          ...(body.kind === 'complete' && body.bytes ? { bytes: body.bytes } : {}),
          headers: response.headers,
          ...(body.kind === 'too-large'
            ? { error: `larger than ${limits.maxBytes} bytes; only the start was read` }
            : {}),
        };
      }
      return refuse(current, `more than ${limits.maxRedirects} redirects`);
    },
  };
}
