import { jsonForScript } from '../../templates/page-renderer.js';
import type { EmitContext } from '../context.js';
import type { Link } from './listing-items.js';
import { stylesheet } from '../stylesheet.js';
import { browserScript, type HashedAsset } from './hashed-asset.js';
import { collectionJsonLd } from './json-ld.js';
import { mcpInstall } from './mcp-install.js';
import { pageUrl } from './page-paths.js';
import { webMcpTools } from './webmcp-tools.js';
import { joinedFields } from '../../util/joined-fields.js';

/** What the layout puts in `<head>`. */
export interface PageHead {
  /** The full `<title>`, site name included where wanted. */
  title: string;
  description: string;
  /** Absolute URL; left out on pages that must not be indexed, such as the 404 page. */
  canonical?: string;
  /** The page's Markdown twin, or llms.txt for pages that list others. */
  markdown?: string;
  json?: string;
  og_type?: 'website' | 'article';
  /** A schema.org object, serialized here for a `<script type="application/ld+json">`. */
  jsonld?: unknown;
  robots?: string;
  published?: string;
  modified?: string;
  /** Absolute URLs of the pages before and after this one of a paginated listing, for `<link rel>`. */
  prev?: string;
  next?: string;
}

/**
 * The data every template receives: the site, its addresses, the stylesheet and the page head, the
 * WebMCP texts of its forms and the MCP install links (each null when site.yaml turns it off),
 * plus the page's own fields.
 */
export function pageData(
  context: EmitContext,
  head: PageHead,
  fields: Record<string, unknown>,
): Record<string, unknown> {
  const { jsonld, ...rest } = head;
  return {
    site: context.model.site,
    urls: context.urls,
    assets: { stylesheet: stylesheet(context).href },
    page: joinedFields(
      rest,
      // Visible links stay on the host that serves the page; the <head> keeps the canonical URLs.
      head.markdown ? { markdown_href: sitePath(context, head.markdown) } : {},
      head.json ? { json_href: sitePath(context, head.json) } : {},
      jsonld === undefined ? {} : { jsonld: jsonForScript(jsonld) },
    ),
    webmcp: webMcpTools(context),
    mcp_install: mcpInstall(context),
    ...fields,
  };
}

/** A URL of this site as a root-relative path; other URLs as they are. */
export function sitePath(context: EmitContext, url: string): string {
  return url.startsWith(`${context.urls.base}/`) ? url.slice(context.urls.base.length) : url;
}

/** The script behind the "Copy page as Markdown" button of resource and guide pages. */
export function copyPageScript(): HashedAsset {
  return browserScript('copy-page');
}

/** What the share controls of a page need: its own Markdown and the chat assistants' links. */
export interface ShareControls {
  /** Root-relative, so the button copies from the host that serves the page. */
  markdown_href: string;
  chatgpt_href: string;
  claude_href: string;
  script: string;
  /** The WebMCP texts of the copy-page form, "get this page as Markdown"; null when site.yaml turns WebMCP off. */
  markdown_tool: { name: string; description: string } | null;
}

/**
 * "Copy page as Markdown", "Open in ChatGPT" and "Open in Claude" for a page whose Markdown variant
 * anyone may fetch. The assistants fetch the page themselves, so the prompt names its absolute URL
 * at the site's base URL, not the host the reader happens to use.
 */
export function shareControls(context: EmitContext, markdownUrl: string): ShareControls {
  const prompt = encodeURIComponent(`Read ${markdownUrl} and answer questions about it.`);
  return {
    markdown_href: sitePath(context, markdownUrl),
    chatgpt_href: `https://chatgpt.com/?hints=search&q=${prompt}`,
    claude_href: `https://claude.ai/new?q=${prompt}`,
    script: copyPageScript().href,
    markdown_tool: webMcpTools(context)?.page_markdown ?? null,
  };
}

/** A breadcrumb trail from the home page to the page itself (the last link). */
export function breadcrumbTrail(context: EmitContext, ...links: Link[]): Link[] {
  return [{ name: context.model.site.name, href: '/' }, ...links];
}

export interface Listing {
  /** The full `<title>`. */
  title: string;
  /** The collection's own name, for JSON-LD. */
  name: string;
  description: string;
  path: string;
  /** The JSON document the page is a view of. */
  json: string;
  items: { title: string; href: string }[];
  trail: Link[];
  /** Its own Markdown variant; without one (categories, tags) its Markdown twin is llms.txt. */
  markdown?: string;
  /** The addresses of the pages before and after it, when the listing is cut into pages. */
  prev?: string;
  next?: string;
}

/** The head of a page that lists others (cluster, learning path, category, tag). */
export function listingHead(context: EmitContext, listing: Listing): PageHead {
  const { title, name, description, path, json, items, trail } = listing;
  return {
    title,
    description,
    canonical: pageUrl(context, path),
    markdown: listing.markdown ?? context.urls.llmsTxt,
    json,
    ...(listing.prev ? { prev: pageUrl(context, listing.prev) } : {}),
    ...(listing.next ? { next: pageUrl(context, listing.next) } : {}),
    jsonld: collectionJsonLd(
      { name, description, path, items: items.map((item) => ({ name: item.title, href: item.href })), trail },
      context,
    ),
  };
}
