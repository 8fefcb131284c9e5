import type { Fetched, FetchOptions, SiteFetcher } from './fetcher.js';

/** What a check sees: the site's origin and a fetcher that remembers every page it fetched. */
export interface CheckContext {
  origin: string;
  fetch(path: string, options?: FetchOptions): Promise<Fetched>;
  /** Requests the fetcher will still make (Infinity when it sets no limit), for checks that read as many files as allowed. */
  fetchesLeft(): number;
}

export interface CheckOutcome {
  /** 0 to 1. */
  fraction: number;
  details: string;
  /** What to do when the check is not fully passed. */
  action?: string;
}

export interface Check {
  id: string;
  title: string;
  weight: number;
  /** What to do when the check is not fully passed and its outcome says nothing more precise. */
  action?: string;
  run(context: CheckContext): Promise<CheckOutcome>;
}

/** One fetch per URL and Accept per grading, shared by every check (llms.txt is read by most of them). */
export function checkContext(origin: string, fetcher: SiteFetcher): CheckContext {
  const seen = new Map<string, Promise<Fetched>>();
  return {
    origin,
    fetch(path, options = {}) {
      const url = new URL(path, origin).href;
      const key = `${url} ${options.accept ?? ''}${options.bytes ? ' bytes' : ''}`;
      let page = seen.get(key);
      if (!page) {
        page = fetcher.get(url, options);
        seen.set(key, page);
      }
      return page;
    },
    fetchesLeft: () => fetcher.remaining?.() ?? Number.POSITIVE_INFINITY,
  };
}

export function isHtml(page: Fetched): boolean {
  return /text\/html/i.test(page.contentType) || /^\s*<(!doctype html|html)/i.test(page.text);
}

export function failure(page: Fetched): string {
  return page.error ?? `answered ${page.status}`;
}
