/** Longest path the worker reads; anything longer is refused before any work. */
export const maxPathLength = 2048;

export type PathCheck =
  | { ok: true; pathname: string }
  | { ok: false; status: 400 | 414; error: string; message: string };

/**
 * The decoded path of a request, or why it is refused. The URL parser has already resolved `.`
 * and `..` segments; what remains hostile is refused here: encoded slashes or backslashes (which
 * would smuggle segments past routing), bytes that are not UTF-8, control characters, and sheer length.
 */
export function checkRequestPath(url: URL): PathCheck {
  const raw = url.pathname;
  if (raw.length > maxPathLength)
    return {
      ok: false,
      status: 414,
      error: 'uri_too_long',
      message: `The path is longer than ${maxPathLength} characters.`,
    };
  if (/%(2f|5c)/i.test(raw))
    return {
      ok: false,
      status: 400,
      error: 'bad_path',
      message: 'Encoded slashes and backslashes are not allowed in paths.',
    };
  let pathname: string;
  try {
    pathname = decodeURIComponent(raw);
  } catch {
    return { ok: false, status: 400, error: 'bad_path', message: 'The path is not valid percent-encoded UTF-8.' };
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what this refuses.
  if (/[\u0000-\u001f\u007f\\]/.test(pathname))
    return {
      ok: false,
      status: 400,
      error: 'bad_path',
      message: 'The path contains control characters or backslashes.',
    };
  if (pathname.split('/').some((segment) => segment === '..' || segment === '.')) {
    return { ok: false, status: 400, error: 'bad_path', message: 'Dot segments are not allowed in paths.' };
  }
  return { ok: true, pathname };
}
