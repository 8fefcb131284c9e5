import { describe, expect, it } from 'vitest';
import { processStartTime } from '../../src/util/process-start-time.js';

describe.skipIf(process.platform !== 'linux')('the start time a lock records with its pid', () => {
  it('is a number of clock ticks for a running process, the same each time it is asked', () => {
    const started = processStartTime(process.pid);
    expect(started).toMatch(/^\d+$/);
    expect(processStartTime(process.pid)).toBe(started);
    // pid 1 started with the system, before this process.
    expect(BigInt(processStartTime(1) ?? '0')).toBeLessThanOrEqual(BigInt(started!));
  });

  it('is unknown for a pid no process holds', () => {
    expect(processStartTime(2 ** 22 + 1)).toBeNull();
    expect(processStartTime(0)).toBeNull();
  });
});
