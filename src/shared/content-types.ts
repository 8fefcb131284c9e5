// One table of media types, used for the static host's _headers file and by `agentdir serve`: the
// types Cloudflare's assets give each extension (`; charset=utf-8` on text/* only), so a preview
// labels every file as a deployment does. Cloudflare knows no `.jsonl`: `_headers` names those files.

export const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.json': 'application/json',
  '.jsonl': 'application/x-ndjson',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/vnd.microsoft.icon',
  '.gz': 'application/gzip',
};

/** Files whose media type differs from their extension's. */
export const contentTypeOverrides: Record<string, string> = {
  '/license.xml': 'application/rsl+xml',
  '/openapi.yaml': 'application/yaml; charset=utf-8',
  '/.well-known/api-catalog': 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"',
};

/** The media type a static host gives `pathname`, served from `file` (a folder's index.html, say). */
export function contentTypeFor(pathname: string, file = pathname): string {
  const extension = /\.[^./]+$/.exec(file)?.[0]?.toLowerCase() ?? '';
  return contentTypeOverrides[pathname] ?? contentTypes[extension] ?? 'application/octet-stream';
}
