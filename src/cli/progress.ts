/**
 * Build progress on stderr: a live line on a terminal, a plain line every few seconds in CI logs,
 * nothing with --quiet. No colour is ever used, so NO_COLOR needs nothing special.
 */
export interface Progress {
  documents(done: number, total: number): void;
  phase(name: string): void;
  done(): void;
}

export function createProgress(options: { quiet?: boolean; stream?: NodeJS.WriteStream }): Progress {
  const stream = options.stream ?? process.stderr;
  if (options.quiet) return { documents() {}, phase() {}, done() {} };
  const live = Boolean(stream.isTTY) && process.env.TERM !== 'dumb';
  let last = 0;
  let shown = false;
  const show = (text: string, force = false) => {
    const now = Date.now();
    if (!force && now - last < (live ? 80 : 2000)) return;
    last = now;
    shown = true;
    if (live) stream.write(`\r\u001b[2K${text}`);
    else stream.write(`${text}\n`);
  };
  return {
    documents(done, total) {
      if (total >= 200) show(`parsing ${done}/${total} documents`, done === total);
    },
    phase(name) {
      if (shown) show(`${name}...`, true);
    },
    done() {
      if (live && shown) stream.write('\r\u001b[2K');
    },
  };
}
