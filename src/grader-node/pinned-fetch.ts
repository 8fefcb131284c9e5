// Node only: the worker bundle never imports this file (it reaches the grader through the worker's env).
import type { GraderFetch } from '../grader/fetcher.js';
import { GraderInternalError } from '../grader/grader-internal-error.js';
import type { PinnedAgent } from './pinned-agent.js';
import { systemLookup, type LookupAll } from './resolve-host.js';

export interface PinnedFetchOptions {
  /** How host names resolve; the system resolver by default. Every address it answers is checked before the socket connects. */
  lookup?: LookupAll;
}

/** What undici's fetch throws when the network, not the caller, failed: `fetch failed` with the cause, or an abort. */
function isNetworkFailure(error: unknown): boolean {
  const { name, message } = (error ?? {}) as Error;
  return (name === 'TypeError' && message === 'fetch failed') || name === 'AbortError' || name === 'TimeoutError';
}

/**
 * A fetch whose every connection goes to an address that passed the grader's address check at
 * connect time: names through a checked lookup, literals (which `net.connect` never looks up)
 * checked here. Redirects the caller follows are new fetches, so they are checked the same way.
 * Anything else that fails in here is agentdir's own failure, and says so.
 */
export function pinnedFetch({ lookup = systemLookup }: PinnedFetchOptions = {}): GraderFetch {
  // undici loads on the first fetch, so commands that never grade pay nothing for it.
  let loaded: Promise<PinnedAgent> | undefined;
  const load = async () => {
    try {
      return (await import('./pinned-agent.js')).pinnedAgent(lookup);
    } catch (error) {
      throw new GraderInternalError(`the grader's HTTP client did not load (${(error as Error).message})`, {
        cause: error,
      });
    }
  };
  return async (url, init) => {
    loaded ??= load();
    const { fetch, dispatcher } = await loaded;
    try {
      // undici's Request/Response are the web-standard classes under other type names: cast at this one boundary.
      return (await fetch(url, { ...(init as object), dispatcher })) as unknown as Response;
    } catch (error) {
      if (isNetworkFailure(error)) throw error;
      throw new GraderInternalError(`the grader's HTTP client failed (${(error as Error).message})`, { cause: error });
    }
  };
}
