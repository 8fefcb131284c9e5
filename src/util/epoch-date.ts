/** The last second `toISOString` writes with a four-digit year (9999-12-31T23:59:59Z): a later date is no YYYY-MM-DD. */
export const latestEpochSeconds = 253_402_300_799;

/** True when `value` is a SOURCE_DATE_EPOCH agentdir can date a build by: whole seconds since 1970, up to the year 9999. */
export function isEpochSeconds(value: string): boolean {
  return /^\d{1,15}$/.test(value) && Number(value) <= latestEpochSeconds;
}

/** The UTC date (YYYY-MM-DD) a SOURCE_DATE_EPOCH value (seconds since the epoch) names, or undefined when it is not one. */
export function epochDate(sourceDateEpoch?: string): string | undefined {
  if (!sourceDateEpoch || !isEpochSeconds(sourceDateEpoch)) return undefined;
  return new Date(Number(sourceDateEpoch) * 1000).toISOString().slice(0, 10);
}
