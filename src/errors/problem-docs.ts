import type { ProblemCode } from './catalog.js';

/**
 * Where the page for each problem code is published. It must match the `repository` field of
 * package.json: a test compares the two, so a moved repository cannot leave dead links behind.
 */
export const problemDocsBase = 'https://github.com/agentdir/agentdir/blob/main/docs/problems/';

/** The page that explains `code` at length: why it matters and how to fix it. */
export function problemDocsUrl(code: ProblemCode): string {
  return `${problemDocsBase}${code}.md`;
}
