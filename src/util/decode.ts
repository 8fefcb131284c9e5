/** decodeURIComponent that returns the text unchanged when it is not valid percent-encoding. */
export function decodeOrKeep(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
