/** A Markdown file split into its YAML front matter and its body, with the line where each starts. */
export interface SplitMarkdown {
  yaml: string;
  /** Lines before the YAML text: the opening `---` line. */
  yamlLineOffset: number;
  body: string;
  /** Lines before the body in the file. */
  bodyLineOffset: number;
}

export type SplitResult = { ok: true; value: SplitMarkdown } | { ok: false; reason: 'missing' | 'unclosed' };

const fence = /^---[ \t]*$/;

export function splitFrontMatter(text: string): SplitResult {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const lines = source.split('\n');
  if (!fence.test((lines[0] ?? '').replace(/\r$/, ''))) return { ok: false, reason: 'missing' };
  const close = lines.findIndex((line, index) => index > 0 && fence.test(line.replace(/\r$/, '')));
  if (close === -1) return { ok: false, reason: 'unclosed' };
  const rest = lines.slice(close + 1).join('\n');
  // Blank lines between the fence and the body are dropped; positions keep counting them.
  const leading = /^(?:[ \t]*\r?\n)*/.exec(rest)?.[0] ?? '';
  const body = rest.slice(leading.length).trimEnd();
  return {
    ok: true,
    value: {
      yaml: lines.slice(1, close).join('\n'),
      yamlLineOffset: 1,
      body,
      bodyLineOffset: close + 1 + (leading.match(/\n/g)?.length ?? 0),
    },
  };
}
