/**
 * The example of a page of docs/problems/, read as a fixture: the files its `## Example` section
 * shows under `### \`content/<path>\`` headings (a note in parentheses after the path may follow),
 * each the fenced block below its heading; and the codes of the problems its printed output names
 * (`[Code: Title]`). Null when the example shows anything else: a folder, a file described rather
 * than shown, or no file at all.
 */
export interface ProblemExample {
  /** Path inside the content folder, and the file's text. */
  files: [path: string, text: string][];
  codes: string[];
}

export function problemExample(page: string): ProblemExample | null {
  const lines = exampleLines(page);
  const files: [string, string][] = [];
  let pending: string | null = null;
  let fence: string | null = null;
  let block: string[] = [];
  for (const line of lines) {
    if (fence) {
      if (line === fence) {
        fence = null;
        if (pending !== null) files.push([pending, `${block.join('\n')}\n`]);
        pending = null;
      } else block.push(line);
      continue;
    }
    const opening = /^(`{3,})\w*$/.exec(line)?.[1];
    if (opening) {
      fence = opening;
      block = [];
      continue;
    }
    if (line.startsWith('### ')) {
      const shown = /^### `content\/([^`]+)`( \(.*\))?$/.exec(line);
      if (!shown || shown[1]!.endsWith('/') || pending !== null) return null;
      pending = shown[1]!;
    }
  }
  if (!files.length || pending !== null) return null;
  const codes = [...new Set([...lines.join('\n').matchAll(/\[(\w+): [^\]\n]+\]/g)].map((match) => match[1]!))];
  return { files, codes: codes.sort() };
}

/** The lines of the `## Example` section, fenced blocks included (a `## ` line inside one does not end it). */
function exampleLines(page: string): string[] {
  const lines: string[] = [];
  let inExample = false;
  let fence: string | null = null;
  for (const line of page.split('\n')) {
    if (!fence && line.startsWith('## ')) {
      inExample = line === '## Example';
      continue;
    }
    const marker = /^(`{3,})/.exec(line)?.[1];
    if (marker && !fence) fence = marker;
    else if (fence && line === fence) fence = null;
    if (inExample) lines.push(line);
  }
  return lines;
}
