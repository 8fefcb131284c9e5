// One table of media types, used for the static host's _headers file and by `agentdir serve`. They
// are Cloudflare's asset server's, so a preview answers as the deploy does: JSON and XML carry no
// charset (JSON is UTF-8 by definition, XML says its encoding itself).

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
  '.ico': 'image/x-icon',
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
