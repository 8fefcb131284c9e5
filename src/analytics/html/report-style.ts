// The report's one stylesheet, inlined: light and dark from the reader's setting, a compact print.
// Every colour keeps at least 4.5:1 contrast on the page's backgrounds in both schemes (chart
// shapes need 3:1), so the series colours double as text colours.

import { seriesStyle } from './series.js';

const light = `
  --bg: #ffffff; --surface: #f5f6f8; --text: #1b1f24; --muted: #525b66; --border: #d6dbe1; --link: #0a55c7;
  --blue: #0a55c7; --amber: #a65a00; --green: #08775a; --grey: #5f6b78; --red: #c0262d; --violet: #7048c9;`;

const dark = `
  --bg: #111418; --surface: #181c22; --text: #e3e6ea; --muted: #a2abb6; --border: #2f363f; --link: #8ab4ff;
  --blue: #8ab4ff; --amber: #f2a64a; --green: #4fd1a0; --grey: #a2abb6; --red: #ff8a8a; --violet: #c2a6ff;`;

const colours = ['blue', 'amber', 'green', 'grey', 'red', 'violet'];

export function reportStyle(): string {
  return `
:root { color-scheme: light dark;${light} }
@media (prefers-color-scheme: dark) { :root {${dark} } }
*, *::before, *::after { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--text); overflow-wrap: anywhere;
  font: 1rem/1.55 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif; }
a { color: var(--link); }
.wrap { max-width: 76rem; margin: 0 auto; padding: 0 1.25rem; }
header.wrap { padding-top: 2rem; }
h1 { font-size: 1.9rem; line-height: 1.2; margin: 0 0 0.4rem; }
h2 { font-size: 1.3rem; margin: 0 0 0.25rem; }
h3 { font-size: 1.05rem; margin: 1.25rem 0 0.5rem; }
.period { color: var(--muted); margin: 0 0 1rem; }
main.wrap { padding-bottom: 3rem; }
section { border-top: 1px solid var(--border); padding: 1.5rem 0; min-width: 0; }
.lede { color: var(--muted); margin: 0 0 1rem; }
.headline { display: grid; grid-template-columns: repeat(auto-fit, minmax(11rem, 1fr)); gap: 0.75rem; margin: 0; }
.headline div { background: var(--surface); border: 1px solid var(--border); border-radius: 10px; padding: 0.8rem 1rem; }
.headline dt { color: var(--muted); font-size: 0.9rem; }
.headline dd { margin: 0; }
.headline .value { font-size: 1.9rem; font-weight: 650; line-height: 1.25; font-variant-numeric: tabular-nums; }
.headline .detail { color: var(--muted); font-size: 0.85rem; }
@media (min-width: 64rem) {
  .pair { display: grid; grid-template-columns: 1fr 1fr; column-gap: 2.5rem; }
}
figure { margin: 0; }
figcaption { color: var(--muted); margin-bottom: 0.5rem; }
.legend { display: flex; flex-wrap: wrap; gap: 0.25rem 1.25rem; list-style: none; padding: 0; margin: 0 0 0.5rem; font-size: 0.9rem; }
.legend li { display: flex; align-items: center; gap: 0.4rem; }
.chart-frame svg { display: block; width: 100%; max-width: 36rem; height: auto; }
.chart-frame svg.columns { max-width: 60rem; }
svg text { font-family: inherit; fill: var(--text); }
svg .label { font-size: 14px; }
svg .mark { fill: var(--green); font-weight: 600; }
svg .figure { font-size: 13px; font-variant-numeric: tabular-nums; }
svg .axis { font-size: 12px; fill: var(--muted); font-variant-numeric: tabular-nums; }
/* On a phone a chart is drawn smaller than its size: its text is set larger to stay readable. */
@media (max-width: 40rem) {
  svg .label { font-size: 17px; }
  svg .figure { font-size: 16px; }
  svg .axis { font-size: 26px; }
  svg .alternate { display: none; }
}
svg .grid { stroke: var(--border); stroke-width: 1; }
svg .baseline { stroke: var(--muted); stroke-width: 1; }
svg .bar { stroke: var(--bg); stroke-width: 1; }
.patterns { position: absolute; width: 0; height: 0; overflow: hidden; }
${colours.map((colour) => `.c-${colour} { fill: var(--${colour}); }`).join('\n')}
.hatch { fill: var(--bg); opacity: 0.6; }
${seriesStyle()}
.note, .empty { color: var(--muted); margin: 0.5rem 0; }
details { margin-top: 0.5rem; }
summary { cursor: pointer; color: var(--link); width: fit-content; }
table { border-collapse: collapse; width: 100%; margin: 0.5rem 0; font-size: 0.875rem; }
caption { text-align: left; color: var(--muted); padding-bottom: 0.25rem; }
th, td { text-align: left; vertical-align: top; padding: 0.3rem 0.6rem 0.3rem 0; border-bottom: 1px solid var(--border); }
thead th { color: var(--muted); font-weight: 600; }
tbody th { font-weight: 400; }
td.number { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
.comments { list-style: none; padding: 0; margin: 0; }
.comments li { border-left: 3px solid var(--border); padding: 0.25rem 0 0.25rem 0.75rem; margin: 0.5rem 0; white-space: pre-line; }
footer.wrap { color: var(--muted); font-size: 0.85rem; padding-bottom: 2rem; }
@media print {
  :root {${light} }
  body { font-size: 10pt; }
  section { break-inside: avoid; padding: 0.75rem 0; }
  figure, tr { break-inside: avoid; }
  summary { display: none; }
  details::details-content { content-visibility: visible; }
}
`;
}
