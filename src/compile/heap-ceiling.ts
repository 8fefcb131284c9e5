import v8 from 'node:v8';
import vm from 'node:vm';

const megabytes = 2 ** 20;
/** How far the heap may grow past what a full collection left live. */
const headroom = 1.5;

let collector: (() => void) | null | undefined;

/**
 * A function that runs a full garbage collection, when the engine lets us have one (made once per process).
 *
 * Node started with `--expose-gc` (for example `NODE_OPTIONS=--expose-gc`) gives `globalThis.gc`, and
 * that is used first. Otherwise the flag is set at run time through `v8.setFlagsFromString`, a public
 * Node API: V8 exposes `gc` to contexts created after the flag is set, so it is read from a fresh vm
 * context and the build's own context is left as it was. The bin shim does not pass the flag itself:
 * `#!/usr/bin/env -S node --expose-gc` fails where `env` has no `-S` (BusyBox, so Alpine images),
 * and starting a second Node process with the flag would add a Node start-up to every command.
 */
function fullCollection(): (() => void) | undefined {
  if (collector === undefined) {
    const exposed = (globalThis as { gc?: () => void }).gc;
    if (typeof exposed === 'function') {
      collector = exposed;
    } else {
      try {
        v8.setFlagsFromString('--expose-gc');
        collector = vm.runInNewContext('gc') as () => void;
      } catch {
        collector = null;
      }
    }
  }
  return collector ?? undefined;
}

function usedHeap(): number {
  return v8.getHeapStatistics().used_heap_size;
}

/**
 * V8 lets the old generation grow to several times the live heap before it collects. A large
 * site's model is live for the whole build, hundreds of megabytes at 50,000 documents, and the
 * pages and exports written meanwhile are garbage: left alone, the process peaks at three times
 * what it needs. `check` runs a full collection whenever the heap has grown by half past what the
 * last one left live (and past a floor small sites never reach), so the peak stays near the live size.
 */
export class HeapCeiling {
  private readonly collect = fullCollection();
  private readonly floor: number;
  private ceiling: number;
  /** Full collections run so far. */
  collections = 0;

  /** `floorMb`: below this the heap is left to V8, so small sites never pay for a collection. */
  constructor(floorMb: number) {
    this.floor = floorMb * megabytes;
    this.ceiling = this.floor;
    // What is used now may be mostly garbage of the parse: measure what is live before setting the ceiling.
    this.check();
  }

  check(): void {
    if (!this.collect || usedHeap() < this.ceiling) return;
    this.collect();
    this.collections++;
    this.ceiling = Math.max(this.floor, usedHeap() * headroom);
  }
}
