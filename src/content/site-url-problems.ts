import type { Problem } from '../errors/problem.js';
import { urlFault, type UrlRules } from '../util/url-fault.js';
import { fileProblem } from './file-problem.js';
import { positionOf, type YamlSource } from './source-file.js';

/** A URL field of site.yaml: where it is, and whether a query or fragment may be part of it. */
interface UrlField {
  path: (string | number)[];
  rules: UrlRules;
}

/** Linked to as written (a checkout page's `?tier=corpus` means something), never used as a base. */
const linkedAsWritten: UrlRules = { allowQueryAndFragment: true };

/**
 * The URL fields of site.yaml, by the rules `--base-url` follows (src/util/url-fault.ts): `url` is
 * the base of every absolute URL the site publishes, so it takes all of them; the others are
 * published as links (JSON-LD, license.xml, every 402 answer), where only a query or fragment may be.
 * `mcp.allowed_origins` is not here: those are origins compared with a request's Origin header.
 */
function urlFields(data: Record<string, unknown>): UrlField[] {
  const pricing = data.pricing as { tiers?: unknown[] } | undefined;
  return [
    { path: ['url'], rules: {} },
    { path: ['publisher', 'url'], rules: linkedAsWritten },
    { path: ['license', 'terms_url'], rules: linkedAsWritten },
    { path: ['pricing', 'payment_url'], rules: linkedAsWritten },
    ...(pricing?.tiers ?? []).map((_tier, index) => ({
      path: ['pricing', 'tiers', index, 'checkout_url'],
      rules: linkedAsWritten,
    })),
  ];
}

function valueAt(data: unknown, path: (string | number)[]): unknown {
  return path.reduce<unknown>(
    (node, segment) => (node as Record<string | number, unknown> | undefined)?.[segment],
    data,
  );
}

/** Each URL of site.yaml (already valid by its schema) that the site could not publish as it is, located at its value. */
export function siteUrlProblems(source: YamlSource): Problem[] {
  const data = (source.data ?? {}) as Record<string, unknown>;
  const problems: Problem[] = [];
  for (const { path, rules } of urlFields(data)) {
    const value = valueAt(data, path);
    if (typeof value !== 'string') continue;
    const fault = urlFault(value, rules);
    if (!fault) continue;
    const field = path.join('.');
    problems.push(
      fileProblem(source.file, 'InvalidUrl', { field, value, fault }, { ...positionOf(source, path), field }),
    );
  }
  return problems;
}
