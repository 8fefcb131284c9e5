import { describe, expect, it } from 'vitest';
import { sourceDateEpochProblem } from '../../src/compile/option-problems.js';
import { epochDate } from '../../src/util/epoch-date.js';

describe('SOURCE_DATE_EPOCH', () => {
  it('dates a build from 1970 to the last day of 9999, and names nothing past it', () => {
    expect(epochDate('0')).toBe('1970-01-01');
    expect(epochDate('253402300799')).toBe('9999-12-31');
    expect(epochDate('253402300800')).toBeUndefined();
    expect(epochDate('99999999999999')).toBeUndefined();
  });

  it('is a problem when set to anything else, and none when unset', () => {
    for (const value of ['99999999999999', '-1', 'abc', '1.5', '0x10'])
      expect(sourceDateEpochProblem(value)?.code, value).toBe('InvalidEnvironment');
    expect(sourceDateEpochProblem(undefined)).toBeNull();
    expect(sourceDateEpochProblem('')).toBeNull();
    expect(sourceDateEpochProblem('1780272000')).toBeNull();
  });
});
