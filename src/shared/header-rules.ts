export interface HeaderRule {
  pattern: RegExp;
  headers: [name: string, value: string][];
}

/**
 * Reads a `_headers` file as Cloudflare and Netlify do: a path line (one `*` splat at most), then
 * indented `Name: value` lines. `agentdir serve` and the grading of a built folder apply the same
 * rules, so local answers match the host's.
 */
export function parseHeaderRules(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  let current: HeaderRule | undefined;
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trimStart().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      const escaped = line
        .trim()
        .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
        .replace('*', '.*');
      current = { pattern: new RegExp(`^${escaped}$`), headers: [] };
      rules.push(current);
      continue;
    }
    const header = /^\s+([^:\s]+)\s*:\s*(.*)$/.exec(line);
    if (header && current) current.headers.push([header[1]!, header[2]!.trim()]);
  }
  return rules;
}

/** The headers every matching rule adds to a path; a header set by two rules is joined with a comma. */
export function headersFor(rules: HeaderRule[], pathname: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rule of rules) {
    if (!rule.pattern.test(pathname)) continue;
    for (const [name, value] of rule.headers) {
      const key = name.toLowerCase();
      out[key] = out[key] && key !== 'content-type' ? `${out[key]}, ${value}` : value;
    }
  }
  return out;
}
