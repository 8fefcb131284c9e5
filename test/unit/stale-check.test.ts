import { describe, expect, it } from 'vitest';
import { dateBefore, reviewDateOf } from '../../src/content/stale-check.js';

describe('dateBefore', () => {
  it.each([
    ['2026-06-01', '180d', '2025-12-03'],
    ['2026-06-01', '1d', '2026-05-31'],
    ['2026-03-01', '1d', '2026-02-28'],
    ['2026-06-01', '2w', '2026-05-18'],
    ['2026-06-01', '6m', '2025-12-01'],
    ['2026-03-31', '1m', '2026-02-28'],
    ['2024-03-31', '1m', '2024-02-29'],
    ['2024-02-29', '1y', '2023-02-28'],
    ['2026-01-15', '13m', '2024-12-15'],
  ])('%s minus %s is %s', (date, period, expected) => {
    expect(dateBefore(date, period)).toBe(expected);
  });
});

describe('reviewDateOf', () => {
  it('counts from SOURCE_DATE_EPOCH when it is set, else from today', () => {
    expect(reviewDateOf('1780272000')).toBe('2026-06-01');
    expect(reviewDateOf(undefined, new Date('2026-11-23T23:59:00Z'))).toBe('2026-11-23');
    expect(reviewDateOf('not a number', new Date('2026-11-23T01:00:00Z'))).toBe('2026-11-23');
  });
});
