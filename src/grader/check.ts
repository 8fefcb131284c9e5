import type { Fetched, SiteFetcher } from './fetcher.js';

/** What a check sees: the site's origin and a fetcher that remembers every page it fetched. */
export interface CheckContext {
  origin: string;
  fetch(path: string): Promise<Fetched>;
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
  run(context: CheckContext): Promise<CheckOutcome>;
}

/** One fetch per URL per grading, shared by every check (llms.txt is read by two of them). */
export function checkContext(origin: string, fetcher: SiteFetcher): CheckContext {
  const seen = new Map<string, Promise<Fetched>>();
  return {
    origin,
    fetch(path) {
      const url = new URL(path, origin).href;
      let page = seen.get(url);
      if (!page) {
        page = fetcher.get(url);
        seen.set(url, page);
      }
      return page;
    },
  };
}

export function isHtml(page: Fetched): boolean {
  return /text\/html/i.test(page.contentType) || /^\s*<(!doctype html|html)/i.test(page.text);
}

export function failure(page: Fetched): string {
  return page.error ?? `answered ${page.status}`;
}
