import type { CheckContext } from '../check.js';
import { isHtml } from '../check.js';
import { parseLlmsTxt } from './llms-txt.js';
import { publicPaths } from '../../shared/public-paths.js';

function absolute(link: string, origin: string): URL | null {
  try {
    const url = new URL(link, origin);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** The origin most of `links` name; null when one of them is `origin` itself, or none is absolute. */
export function foreignLinkOrigin(links: string[], origin: string): string | null {
  const counts = new Map<string, number>();
  for (const link of links) {
    const url = absolute(link, origin);
    if (!url) continue;
    if (url.origin === origin) return null;
    counts.set(url.origin, (counts.get(url.origin) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}

/**
 * Where llms.txt sends agents when that is not the graded origin: typically a build made for its
 * deployed base URL (site.yaml `url`) and served elsewhere, such as `agentdir serve` on 127.0.0.1.
 */
export async function linkedOrigin(context: CheckContext): Promise<string | null> {
  const page = await context.fetch(publicPaths.llmsTxt);
  if (page.status !== 200 || isHtml(page)) return null;
  return foreignLinkOrigin(parseLlmsTxt(page.text).links, context.origin);
}

/**
 * A link as this grading reads it: links to the origin llms.txt names are read at the same path of
 * the graded origin, so a site is judged on its own files, not on another host's (or none).
 */
export function onGradedOrigin(link: string, context: CheckContext, linked: string | null): URL | null {
  const url = absolute(link, context.origin);
  if (!url || !linked || url.origin !== linked) return url;
  return new URL(url.pathname + url.search, context.origin);
}

/** `link` as a path of the graded origin when it names the origin llms.txt links to; otherwise as written. */
export function pathIfLinked(link: string, linked: string | null): string {
  const url = linked ? absolute(link, linked) : null;
  return url && url.origin === linked ? url.pathname + url.search : link;
}

/** What the report says when llms.txt links point at another origin than the graded one. */
export function originMismatchAction(linked: string, origin: string): string {
  return `llms.txt links point at ${linked}, not at the graded origin ${origin}: rebuild with --base-url ${origin} to grade a local server, or grade the deployed site (or link this origin's own pages from llms.txt).`;
}
