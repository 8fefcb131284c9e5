import type { Problem } from '../errors/problem.js';

/** A problem with a command-line option, in the shape of content problems: the option stands where a file would. */
export function optionProblem(option: string, message: string, hint: string): Problem {
  return { code: 'InvalidOption', severity: 'error', file: option, line: 0, column: 0, field: option, message, hint };
}

/** `--base-url` must be what every absolute URL of the site starts with: an http(s) URL with a host. */
export function baseUrlProblem(value: string | undefined): Problem | null {
  if (value === undefined) return null;
  let url: URL | null = null;
  try {
    url = new URL(value);
  } catch {
    // Handled below with the same message.
  }
  if (
    url &&
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    url.hostname &&
    !url.search &&
    !url.hash &&
    !url.username &&
    !url.password
  )
    return null;
  const guess = /^[\w.-]+\.[a-z]{2,}(?::\d+)?(?:\/|$)/i.test(value)
    ? ` --base-url https://${value}`
    : ' --base-url https://docs.example.com';
  return optionProblem(
    '--base-url',
    `\`--base-url\` must be an absolute http(s) URL without query, fragment or credentials (got "${value.slice(0, 200)}")`,
    `Write it with its scheme, for example${guess}.`,
  );
}
