/** The UTC date (YYYY-MM-DD) a SOURCE_DATE_EPOCH value (seconds since the epoch) names, or undefined when it is not one. */
export function epochDate(sourceDateEpoch?: string): string | undefined {
  if (!sourceDateEpoch || !/^\d+$/.test(sourceDateEpoch)) return undefined;
  return new Date(Number(sourceDateEpoch) * 1000).toISOString().slice(0, 10);
}
