// Most entries of the crawler list are plain text written as a regular expression (`GPTBot`,
// `PerplexityBot\/`, `^curl`). Read as text they are matched by a substring index far faster
// than by one combined RegExp (see src/worker/readers/agent-matcher.ts).

export interface PatternLiteral {
  text: string;
  /** `^text`: only at the start of the user agent. */
  atStart: boolean;
  /** `text$`: only at its end. */
  atEnd: boolean;
}

// Characters that mean something in a RegExp, and escapes of letters or digits (`\d`, `\s`, `\b`).
const plain = /^(\^)?((?:[^\\[\](){}*+?.|^$]|\\[^A-Za-z0-9])+)(\$)?$/;

/** The text a pattern matches when it is plain text, else null (it stays a RegExp). */
export function patternLiteral(pattern: string): PatternLiteral | null {
  const parts = plain.exec(pattern);
  if (!parts) return null;
  return { text: parts[2]!.replace(/\\(.)/g, '$1'), atStart: parts[1] === '^', atEnd: parts[3] === '$' };
}
