// Node only: the worker bundle never imports this file (it reaches the grader through the worker's env).
import type { GraderFetch } from './fetcher.js';
import { guardedLookup, refuseAddress } from './guarded-lookup.js';
import { systemLookup, type LookupAll } from './resolve-host.js';
import { isIpLiteral } from './special-addresses.js';

export interface PinnedFetchOptions {
  /** How host names resolve; the system resolver by default. Every address it answers is checked before the socket connects. */
  lookup?: LookupAll;
}

/**
 * A fetch whose every connection goes to an address that passed the grader's address check at
 * connect time: names through a checked lookup, literals (which `net.connect` never looks up)
 * checked here. Redirects the caller follows are new fetches, so they are checked the same way.
 */
export function pinnedFetch({ lookup = systemLookup }: PinnedFetchOptions = {}): GraderFetch {
  // undici loads on the first fetch, so commands that never grade pay nothing for it.
  let loaded: Promise<{ fetch: typeof import('undici').fetch; dispatcher: import('undici').Dispatcher }> | undefined;
  const load = async () => {
    const undici = await import('undici');
    const connectByName = undici.buildConnector({ lookup: guardedLookup(lookup) });
    const dispatcher = new undici.Agent({
      connect(options, callback) {
        const refusal = isIpLiteral(options.hostname) ? refuseAddress(options.hostname, options.hostname) : null;
        if (refusal) return callback(refusal, null);
        connectByName(options, callback);
      },
    });
    return { fetch: undici.fetch, dispatcher };
  };
  return async (url, init) => {
    loaded ??= load();
    const { fetch, dispatcher } = await loaded;
    // undici's Request/Response are the web-standard classes under other type names: cast at this one boundary.
    return (await fetch(url, { ...(init as object), dispatcher })) as unknown as Response;
  };
}
