import readline from 'node:readline';
import type { Readable } from 'node:stream';

/**
 * workerd reports a DNS lookup that fails as an internal error, then its C++ stack on the next
 * line. Tests look up names that can never resolve on purpose (RFC 6761's `.invalid`, `.test`,
 * `.example` and `.localhost`); a failure for any other name is news, and stays in the log.
 */
const expectedDnsFailure = /failed: DNS lookup failed\.; params\.host = [^;]*\.(invalid|test|example|localhost);/;

/** Whether to print each stderr line of one workerd: false for an expected DNS failure and its stack. */
export function workerdStderrFilter(): (line: string) => boolean {
  let dropped = false;
  return (line) => {
    dropped = expectedDnsFailure.test(line) || (dropped && line.startsWith('stack: '));
    return !dropped;
  };
}

/** Miniflare's `handleRuntimeStdio`: workerd's output line by line, as Miniflare prints it, less the expected DNS failures. */
export function printWorkerdOutput(stdout: Readable, stderr: Readable): void {
  readline.createInterface(stdout).on('line', (line) => console.log(line));
  const keep = workerdStderrFilter();
  readline.createInterface(stderr).on('line', (line) => {
    if (keep(line)) console.error(line);
  });
}
