// Cloudflare's rules for `run_worker_first` (Workers static assets, "Routing configuration"): wrangler
// refuses to deploy or run a config that breaks one, so the build applies the same rules first.

/** At most this many rules. */
export const maxStaticRoutingRules = 100;
/** Each rule at most this many characters. */
export const maxStaticRoutingRuleLength = 100;

/** Whether `wildcard` (a rule ending in `*`) covers `rule`, as Cloudflare judges it: a plain prefix test. */
function covers(wildcard: string, rule: string): boolean {
  return wildcard !== rule && wildcard.endsWith('*') && rule.startsWith(wildcard.slice(0, -1));
}

/** `rules` without duplicates and without any rule a `*` rule already covers; the order is kept. */
export function withoutRedundantRules(rules: readonly string[]): string[] {
  const unique = [...new Set(rules)];
  const wildcards = unique.filter((rule) => rule.endsWith('*'));
  return unique.filter((rule) => !wildcards.some((wildcard) => covers(wildcard, rule)));
}

/** Why Cloudflare would refuse these rules, one line each; empty when it accepts them. */
export function staticRoutingProblems(rules: readonly string[]): string[] {
  const problems: string[] = [];
  if (rules.length === 0) problems.push('no rules: at least one is needed');
  if (rules.length > maxStaticRoutingRules)
    problems.push(`${rules.length} rules: at most ${maxStaticRoutingRules} are allowed`);
  const seen = new Set<string>();
  const wildcards = rules.filter((rule) => rule.endsWith('*'));
  for (const rule of rules) {
    if (!rule.startsWith('/')) problems.push(`'${rule}': rules must start with '/'`);
    if (rule.length > maxStaticRoutingRuleLength)
      problems.push(`'${rule}': longer than ${maxStaticRoutingRuleLength} characters`);
    if (seen.has(rule)) problems.push(`'${rule}': a duplicate`);
    seen.add(rule);
    for (const wildcard of wildcards)
      if (covers(wildcard, rule)) problems.push(`'${rule}': rule '${wildcard}' makes it redundant`);
  }
  return problems;
}
