import type { CheckContext } from '../../check.js';
import { isHtml } from '../../check.js';
import { publicPaths } from '../../../shared/public-paths.js';
import { linkedOrigin, onGradedOrigin } from '../link-origin.js';
import { parseLlmsTxt } from '../llms-txt.js';

/** The links of an llms.txt that name pages of the graded origin (links to the origin it was built for read here). */
export async function ownLinks(context: CheckContext, text: string): Promise<URL[]> {
  const linked = await linkedOrigin(context);
  return parseLlmsTxt(text)
    .links.map((link) => onGradedOrigin(link, context, linked))
    .filter((url): url is URL => url !== null && url.origin === context.origin);
}

/** A per-section llms.txt a large site's root llms.txt can be an index of (`/llms/<section>.txt`). */
export function isSectionFile(url: URL): boolean {
  return /^\/llms\/[^/]+\.txt$/.test(url.pathname);
}

/** The root llms.txt as text, or null when there is none to read. */
export async function rootLlmsTxt(context: CheckContext): Promise<string | null> {
  const page = await context.fetch(publicPaths.llmsTxt);
  return page.status === 200 && !isHtml(page) && page.text.trim() ? page.text : null;
}

/** The links of the first section file a root llms.txt indexes: null when it indexes none, empty when that file does not answer. */
export async function firstSectionLinks(context: CheckContext, rootLinks: URL[]): Promise<URL[] | null> {
  const section = rootLinks.find(isSectionFile);
  if (!section) return null;
  const file = await context.fetch(section.pathname);
  return file.status === 200 && !isHtml(file) ? ownLinks(context, file.text) : [];
}
