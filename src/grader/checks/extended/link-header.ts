/** One link-value of an RFC 8288 Link header: its target as written, and its relation types. */
export interface LinkValue {
  target: string;
  rels: string[];
}

// A link-value (`<target>` then `; name=value` parameters, quoted values taking commas and
// semicolons), and one parameter of it: the grammar of RFC 8288 section 3, token characters as RFC 9110 has them.
const linkValue =
  /\s*<([^>]*)>((?:\s*;\s*[!#$%&'*+.^_`|~\w-]+(?:\s*=\s*(?:"(?:[^"\\]|\\.)*"|[^;,\s"]*))?)*)\s*(?:,|$)/y;
const parameter = /;\s*([!#$%&'*+.^_`|~\w-]+)(?:\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;,\s"]*)))?/g;

/**
 * The link-values of a Link header (RFC 8288 section 3): comma-separated `<target>; param=value`,
 * where a quoted value may hold commas and semicolons, and `rel` is a space-separated list of
 * which the first occurrence counts. Reading stops at the first link-value that does not parse.
 */
export function parseLinkHeader(header: string): LinkValue[] {
  const values: LinkValue[] = [];
  linkValue.lastIndex = 0;
  while (linkValue.lastIndex < header.length) {
    const match = linkValue.exec(header);
    if (!match) break;
    const rel = [...match[2]!.matchAll(parameter)].find((param) => param[1]!.toLowerCase() === 'rel');
    values.push({
      target: match[1]!.trim(),
      rels: (rel?.[2] ?? rel?.[3] ?? '').toLowerCase().split(/\s+/).filter(Boolean),
    });
  }
  return values;
}
