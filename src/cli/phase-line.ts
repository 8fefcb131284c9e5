import type { PhaseTime } from '../compile/phase-timer.js';

/** One `--timings` line: the phase name, then its milliseconds right-aligned; `indent` marks a part of the phase above. */
export function phaseLine(phase: PhaseTime, indent = ''): string {
  return `${indent}${phase.phase.padEnd(24 - indent.length)} ${String(phase.ms).padStart(7)} ms`;
}
