/**
 * Why and where JSON.parse rejected `text`, without quoting it: V8's own messages quote the text
 * around the error, and a key file's text (hashes, or a key pasted by mistake) must never reach a log.
 */
export function describeJsonError(text: string, error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  // "Unexpected token 'x', "...text..." is not valid JSON" -> "Unexpected token".
  const said = message.split(/ '|, "| in JSON| at position/)[0]!.trim();
  const reason = said.charAt(0).toLowerCase() + said.slice(1);
  const position = errorPosition(message) ?? firstBadCharacter(text);
  if (position >= text.trimEnd().length)
    return /^unexpected end/.test(reason) ? 'it ends too early' : `it ends too early (${reason})`;
  const before = text.slice(0, position).split('\n');
  return `${reason} at line ${before.length}, column ${before.at(-1)!.length + 1}`;
}

/** Where V8 says it stopped, when it says so: a position, or the end of the input. */
function errorPosition(message: string): number | null {
  if (/Unexpected end of JSON input/.test(message)) return Infinity;
  const at = /at position (\d+)/.exec(message);
  return at ? Number(at[1]) : null;
}

/** Binary search for the shortest prefix JSON.parse rejects before its end: it ends at the bad character. */
function firstBadCharacter(text: string): number {
  let low = 0;
  let high = text.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (rejectsBeforeEnd(text.slice(0, middle + 1))) high = middle;
    else low = middle + 1;
  }
  return low;
}

function rejectsBeforeEnd(prefix: string): boolean {
  try {
    JSON.parse(prefix);
    return false;
  } catch (error) {
    return (errorPosition((error as Error).message) ?? -1) < prefix.length;
  }
}
