/** The page a URL stands for: `/x.md`, `/x/index.md`, `/x.html` and `/x/` all mean `/x`. */
export function pagePath(url: URL): string {
  const path = url.pathname.replace(/\/index\.(md|html?)$/i, '/').replace(/\.(md|html?)$/i, '');
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}
