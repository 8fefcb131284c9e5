import type { SiteFetcher } from './fetcher.js';

export interface WatchedFetcher {
  fetcher: SiteFetcher;
  /** Why the site could not be reached at all: set when no request got an answer and at least one failed on the network. */
  unreachable(): string | null;
}

/**
 * Watches what a network fetcher brings back, so a grade made of nothing but network failures
 * (no network, a mistyped host, a server that is down) is told apart from a site that answers badly.
 */
export function watchReachability(fetcher: SiteFetcher): WatchedFetcher {
  let answered = false;
  let failure: string | null = null;
  return {
    fetcher: {
      ...fetcher,
      async get(url, options) {
        const fetched = await fetcher.get(url, options);
        if (fetched.status > 0) answered = true;
        else if (fetched.error && /^(unreachable|timed out)/.test(fetched.error)) failure ??= fetched.error;
        return fetched;
      },
    },
    unreachable: () => (answered ? null : failure),
  };
}
