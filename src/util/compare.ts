/** Plain code-unit comparison: the same order on every machine and locale, so output is reproducible. */
export function byString(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
