import { oneLine } from '../../util/text.js';

/** Text for the inside of a Markdown link, `[...]`: one line, and brackets that cannot close it early. */
export function linkText(text: string): string {
  return oneLine(text).replace(/[\\[\]]/g, (char) => `\\${char}`);
}
