// Node only, loaded on the first graded fetch. Named imports here, not `(await import('undici')).x`:
// a bundler turns a dynamic import of a CommonJS package into a module with a default export only.
import { Agent, buildConnector, fetch, type Dispatcher } from 'undici';
import { guardedLookup, refuseAddress } from './guarded-lookup.js';
import type { LookupAll } from './resolve-host.js';
import { isIpLiteral } from '../grader/special-addresses.js';

export interface PinnedAgent {
  fetch: typeof fetch;
  dispatcher: Dispatcher;
}

/** undici's fetch with a dispatcher that connects names through the checked lookup and checks literals itself. */
export function pinnedAgent(lookup: LookupAll): PinnedAgent {
  const connectByName = buildConnector({ lookup: guardedLookup(lookup) });
  const dispatcher = new Agent({
    connect(options, callback) {
      const refusal = isIpLiteral(options.hostname) ? refuseAddress(options.hostname, options.hostname) : null;
      if (refusal) return callback(refusal, null);
      connectByName(options, callback);
    },
  });
  return { fetch, dispatcher };
}
