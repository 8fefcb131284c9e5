import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, describe, expect, it } from 'vitest';
import { HeapCeiling } from '../../src/compile/heap-ceiling.js';

const used = () => v8.getHeapStatistics().used_heap_size;

// As if Node had been started with --expose-gc: the ceiling must use this `gc` and no other.
v8.setFlagsFromString('--expose-gc');
const engineCollection = vm.runInNewContext('gc') as () => void;
let exposedCalls = 0;
const globals = globalThis as { gc?: () => void };
const formerGc = globals.gc;
globals.gc = () => {
  exposedCalls++;
  engineCollection();
};
// The unit layer shares its threads between files: the next one finds `gc` as it was.
afterAll(() => {
  if (formerGc) globals.gc = formerGc;
  else delete globals.gc;
});

describe('the heap ceiling of large builds', () => {
  it('collects garbage in full once the heap has grown by half past what was live, and brings the heap down', () => {
    const ceiling = new HeapCeiling(1);
    // Over its floor from the start: the first collection measures what is live.
    expect(ceiling.collections).toBe(1);
    const live = used();
    let garbage: string[] | null = [];
    while (used() < live * 1.6) garbage.push(`${'page '.repeat(200)}${garbage.length}`);
    garbage = null;
    const before = used();
    ceiling.check();
    expect(ceiling.collections).toBe(2);
    expect(used()).toBeLessThan(before - live * 0.3);
    ceiling.check();
    expect(ceiling.collections).toBe(2);
    expect(exposedCalls).toBe(2);
  });

  it('leaves a heap under its floor to the engine', () => {
    const ceiling = new HeapCeiling(1_000_000);
    ceiling.check();
    expect(ceiling.collections).toBe(0);
  });
});
