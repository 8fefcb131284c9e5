/**
 * Whether Cloudflare's router runs the worker before the assets: the `run_worker_first` patterns of
 * dist/wrangler.jsonc (`*` matches anything), tested against the path as sent, still percent-encoded.
 * Any other spelling of a worker route reaches the assets, which redirect it to the spelling matched here.
 */
export function workerFirstMatcher(patterns: readonly string[]): (pathname: string) => boolean {
  const expressions = patterns.map(
    (pattern) =>
      new RegExp(
        `^${pattern
          .split('*')
          .map((part) => part.replace(/[-/\\^$*+?.()|[\]{}]/g, '\\$&'))
          .join('.*')}$`,
      ),
  );
  return (pathname) => expressions.some((expression) => expression.test(pathname));
}
