import type { EmitContext } from '../context.js';

/**
 * Root-relative addresses of the HTML pages. Pages link to each other with these, so a build reads
 * the same on any host that serves it; canonical links and JSON-LD use `pageUrl` instead.
 */
export const pagePaths = {
  home: '/',
  resource: (slug: string) => `/resources/${slug}`,
  article: (slug: string) => `/articles/${slug}`,
  cluster: (id: string) => `/guides/${id}`,
  learningPath: (id: string) => `/paths/${id}`,
  category: (id: string) => `/categories/${id}`,
  tag: (tag: string) => `/tags/${tag}`,
  search: '/search',
  /** Page `number` of a paginated listing (listing-pages.ts): page 1 is the listing's own address. */
  listingPage: (listing: string, number: number) => (number === 1 ? listing : `${listing}/page/${number}`),
} as const;

/** The file that serves a page path: a folder with an index.html, as for resources and articles. */
export function pageFile(pagePath: string): string {
  return pagePath === '/' ? 'public/index.html' : `public${pagePath}/index.html`;
}

/** The absolute URL of a page path under the site's base URL. */
export function pageUrl(context: EmitContext, pagePath: string): string {
  return pagePath === '/' ? context.urls.home : `${context.urls.base}${pagePath}`;
}
