/** Text on one line: a title or description cannot start a new section of a Markdown file. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Text for the inside of a Markdown link, `[...]`: one line, and brackets that cannot close it early. */
export function linkText(text: string): string {
  return oneLine(text).replace(/[\\[\]]/g, (char) => `\\${char}`);
}
