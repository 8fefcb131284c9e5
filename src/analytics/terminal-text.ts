// Text from readers (user agents, queries, comments) shown on a terminal: an escape sequence in it
// could move the cursor, recolour the screen or retitle the window, and a bidirectional override
// could reorder what is shown. Each such character is printed as its `\u` escape instead.

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it escapes.
const unsafe = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const escaped = (char: string) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;

export function terminalText(text: string): string {
  return text.replace(unsafe, escaped);
}

// JSON.stringify already writes C0 controls in strings as escapes; these it leaves as they are.
const unsafeInJson = /[\u007f-\u009f\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/**
 * `value` as indented JSON for a terminal: every character `terminalText` escapes is written as its
 * `\u` escape, which JSON reads back as the same character, so a parser gets the text as it was.
 */
export function terminalJson(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(unsafeInJson, escaped);
}
