export interface PhaseTime {
  phase: string;
  ms: number;
}

/** Wall time per build phase, for `--timings`, the JSON summary and the benchmark. */
export class PhaseTimer {
  readonly phases: PhaseTime[] = [];
  private last = performance.now();

  /** Ends the current phase under `name` and starts the next. */
  mark(phase: string): void {
    const now = performance.now();
    this.phases.push({ phase, ms: Math.round(now - this.last) });
    this.last = now;
  }
}
