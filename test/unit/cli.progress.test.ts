import { describe, expect, it } from 'vitest';
import { createProgress } from '../../src/cli/progress.js';

function stream(isTTY: boolean) {
  const written: string[] = [];
  return { written, stream: { isTTY, write: (text: string) => written.push(text) } as unknown as NodeJS.WriteStream };
}

describe('build progress', () => {
  it('updates one live line on a terminal and clears it at the end', () => {
    const { written, stream: tty } = stream(true);
    const progress = createProgress({ stream: tty });
    progress.documents(0, 1000);
    progress.documents(1000, 1000);
    progress.phase('writing');
    progress.done();
    expect(written[0]).toBe('\r\u001b[2Kparsing 0/1000 documents');
    expect(written).toContain('\r\u001b[2Kparsing 1000/1000 documents');
    expect(written.at(-1)).toBe('\r\u001b[2K');
    expect(written.join('')).not.toContain('\n');
  });

  it('prints plain lines, no escape codes, in a CI log', () => {
    const { written, stream: log } = stream(false);
    const progress = createProgress({ stream: log });
    progress.documents(0, 1000);
    progress.documents(1000, 1000);
    progress.phase('writing');
    progress.done();
    expect(written).toEqual(['parsing 0/1000 documents\n', 'parsing 1000/1000 documents\n', 'writing...\n']);
  });

  it('prints nothing with --quiet, or for small sites', () => {
    const quiet = stream(true);
    createProgress({ quiet: true, stream: quiet.stream }).documents(0, 5000);
    const small = stream(false);
    createProgress({ stream: small.stream }).documents(0, 50);
    expect(quiet.written).toEqual([]);
    expect(small.written).toEqual([]);
  });
});
