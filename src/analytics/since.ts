// The start of a report's period, as `agentdir analytics --since` and serve's report page take it.

const units = { h: 3_600_000, d: 86_400_000, w: 7 * 86_400_000 };

/** The start of the period `--since` names: a duration back from `now`, or an ISO date or instant. */
export function sinceInstant(value: string, now: number): number | null {
  const duration = /^(\d{1,5})([hdw])$/.exec(value);
  if (duration) return now - Number(duration[1]) * units[duration[2] as keyof typeof units];
  if (!/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(value)) return null;
  const instant = Date.parse(value);
  return Number.isNaN(instant) || instant > now ? null : instant;
}
