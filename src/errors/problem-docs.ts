import { compilerVersion } from '../util/version.js';
import type { ProblemCode } from './catalog.js';

/**
 * Where the page for each problem code is published: at the tag of this version (a release is
 * tagged `v<version>`), so the page explains the codes of the installed CLI, not those of a later
 * main. The pages also ship in the package, under docs/problems/. The base must match the
 * `repository` field of package.json: a test compares the two, so a moved repository cannot leave
 * dead links behind.
 */
export const problemDocsBase = `https://github.com/agentdir/agentdir/blob/v${compilerVersion}/docs/problems/`;

/** The page that explains `code` at length: why it matters and how to fix it. */
export function problemDocsUrl(code: ProblemCode): string {
  return `${problemDocsBase}${code}.md`;
}
