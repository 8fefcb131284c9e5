// The series a chart can draw and how each looks: a colour with at least 3:1 contrast on the page
// in light and dark (report-style.ts), and for all but the first of a chart a fill pattern, so a
// series is told apart without its colour too. The legend names each one in words.

import type { ReaderKind } from '../../shared/readers/reader-event.js';

export type SeriesId =
  | ReaderKind
  | 'agent-requests'
  | 'other-requests'
  | 'helpful'
  | 'not-helpful'
  | 'neutral'
  | 'count'
  | 'payment-required'
  | 'key'
  | 'x402'
  | 'mpp';

type Fill = 'solid' | 'stripes' | 'dots' | 'lines';

interface Series {
  label: string;
  colour: 'blue' | 'amber' | 'green' | 'grey' | 'red' | 'violet';
  fill: Fill;
}

export const series: Record<SeriesId, Series> = {
  'ai-agent': { label: 'AI agents', colour: 'blue', fill: 'solid' },
  crawler: { label: 'Crawlers', colour: 'amber', fill: 'stripes' },
  browser: { label: 'Browsers', colour: 'green', fill: 'dots' },
  unknown: { label: 'Unidentified', colour: 'grey', fill: 'lines' },
  'agent-requests': { label: 'Agent requests', colour: 'blue', fill: 'solid' },
  'other-requests': { label: 'Other requests', colour: 'grey', fill: 'stripes' },
  helpful: { label: 'Helpful', colour: 'green', fill: 'solid' },
  'not-helpful': { label: 'Not helpful', colour: 'red', fill: 'stripes' },
  neutral: { label: 'Neither', colour: 'grey', fill: 'dots' },
  count: { label: 'Count', colour: 'blue', fill: 'solid' },
  'payment-required': { label: 'Asked to pay (402)', colour: 'amber', fill: 'stripes' },
  key: { label: 'Read with a key', colour: 'violet', fill: 'dots' },
  x402: { label: 'Paid with x402', colour: 'green', fill: 'solid' },
  mpp: { label: 'Paid with MPP', colour: 'green', fill: 'stripes' },
};

/** The reader kinds in the order they stack, bottom first. */
export const readerKinds: ReaderKind[] = ['ai-agent', 'crawler', 'browser', 'unknown'];

/** The class a shape of series `id` is drawn with. */
export function seriesClass(id: SeriesId): string {
  return `s-${id}`;
}

const patternShapes: Record<Exclude<Fill, 'solid'>, string> = {
  stripes: '<rect x="0" y="0" width="2.5" height="6" class="hatch"/>',
  dots: '<circle cx="3" cy="3" r="1.3" class="hatch"/>',
  lines: '<rect x="0" y="0" width="6" height="2" class="hatch"/>',
};

/**
 * The patterns every patterned series fills with, once per page in a hidden SVG: a pattern's
 * colours follow the page's variables, so dark mode needs no second set.
 */
export function seriesPatterns(): string {
  const patterns = (Object.keys(series) as SeriesId[])
    .filter((id) => series[id].fill !== 'solid')
    .map((id) => {
      const { colour, fill } = series[id];
      const rotate = fill === 'stripes' ? ' patternTransform="rotate(45)"' : '';
      return `<pattern id="pattern-${id}" width="6" height="6" patternUnits="userSpaceOnUse"${rotate}><rect width="6" height="6" class="c-${colour}"/>${patternShapes[fill as Exclude<Fill, 'solid'>]}</pattern>`;
    });
  return `<svg class="patterns" aria-hidden="true" focusable="false" width="0" height="0"><defs>${patterns.join('')}</defs></svg>`;
}

/** The CSS that gives each series its fill. */
export function seriesStyle(): string {
  return (Object.keys(series) as SeriesId[])
    .map((id) => {
      const { colour, fill } = series[id];
      return `.${seriesClass(id)}{fill:${fill === 'solid' ? `var(--${colour})` : `url(#pattern-${id})`}}`;
    })
    .join('\n');
}

/** A legend naming the series a chart draws, each beside a swatch of its fill. */
export function legend(ids: SeriesId[]): string {
  const items = ids.map(
    (id) =>
      `<li><svg aria-hidden="true" focusable="false" width="14" height="14" viewBox="0 0 14 14"><rect width="14" height="14" class="${seriesClass(id)}"/></svg>${series[id].label}</li>`,
  );
  return `<ul class="legend">${items.join('')}</ul>`;
}
