/** A line of a JavaScript stack trace (`    at fn (file.js:12:3)`): printed only by a bug. */
export const stackTraceLine = /^\s+at .+:\d+:\d+\)?$/m;

/** The stack-trace lines in a command's output, so a failing test shows them. */
export function stackTraceLines(output: string): string[] {
  return output.split('\n').filter((line) => stackTraceLine.test(line));
}
