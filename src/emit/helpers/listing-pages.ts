import type { EmitContext } from '../context.js';
import { pagePaths } from './page-paths.js';

/** One page of a listing cut into pages of site.yaml `listing.page_size` items. */
export interface ListingPage<Item> {
  /** From 1. */
  number: number;
  /** How many pages the listing has: at least 1, even with nothing to list. */
  pages: number;
  /** The items on this page, in the listing's order. */
  items: Item[];
  /** How many of the listing's items come before this page's. */
  offset: number;
  /** Root-relative: the listing's own address for page 1, `<listing>/page/<n>` after it. */
  path: string;
  /** Root-relative addresses of the pages before and after, where there are some. */
  prev?: string;
  next?: string;
}

/**
 * A listing as pages of `listing.page_size` items. Page 1 keeps the listing's address, so no link
 * to it breaks; later pages follow Hugo's `/<listing>/page/<n>`. Inserting an item shifts the
 * items after it onto later pages, the way every paginated site does.
 */
export function listingPages<Item>(context: EmitContext, listingPath: string, items: Item[]): ListingPage<Item>[] {
  const size = context.model.site.listing.page_size;
  const pages = Math.max(1, Math.ceil(items.length / size));
  const path = (number: number) => pagePaths.listingPage(listingPath, number);
  return Array.from({ length: pages }, (_, index) => {
    const number = index + 1;
    return {
      number,
      pages,
      items: items.slice(index * size, number * size),
      offset: index * size,
      path: path(number),
      ...(number > 1 ? { prev: path(number - 1) } : {}),
      ...(number < pages ? { next: path(number + 1) } : {}),
    };
  });
}

/** What listing templates receive as `pagination`, and what a listing page's key covers besides its documents. */
export interface PaginationData {
  /** What the page navigation is called for screen readers, "Pages of Protocols". */
  label: string;
  page: number;
  pages: number;
  /** Positions, from 1, of the first and last item on the page among all of the listing's items. */
  first_item: number;
  last_item: number;
  total_items: number;
  prev_href?: string;
  next_href?: string;
}

export function paginationData(page: ListingPage<unknown>, total: number, label: string): PaginationData {
  return {
    label,
    page: page.number,
    pages: page.pages,
    first_item: Math.min(page.offset + 1, total),
    last_item: page.offset + page.items.length,
    total_items: total,
    ...(page.prev ? { prev_href: page.prev } : {}),
    ...(page.next ? { next_href: page.next } : {}),
  };
}
