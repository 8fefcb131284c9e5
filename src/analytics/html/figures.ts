// How the HTML report writes numbers and long labels: the same figures in the charts, the tables
// and the headline, so a reader (or a test) can match one against the other.

const counts = new Intl.NumberFormat('en-US');

/** A count with thousands separators: `12,480`. */
export function formatCount(value: number): string {
  return counts.format(value);
}

/** `part` of `whole` as a percentage with one decimal (`38.5%`), or `n/a` when there is no whole. */
export function formatShare(part: number, whole: number): string {
  if (whole <= 0) return 'n/a';
  return `${(Math.round((part / whole) * 1000) / 10).toFixed(1)}%`;
}

/** A user's text cut to `max` characters (whole code points) with an ellipsis, for a chart label; tables show it whole. */
export function truncateLabel(text: string, max = 56): string {
  const points = Array.from(text);
  return points.length <= max ? text : `${points.slice(0, max - 1).join('')}…`;
}

/** A number for an SVG attribute: at most two decimals, no trailing zeros. */
export function svgNumber(value: number): string {
  return String(Math.round(value * 100) / 100);
}
