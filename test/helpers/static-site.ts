import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
};

/** A plain static server on 127.0.0.1 for grader fixtures: files as they are, `/x` also as `x.html`, everything else 404. */
export async function startStaticSite(
  root: string,
  routes: Record<string, (response: http.ServerResponse) => void> = {},
): Promise<{ url: string; origin: string; close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    const route = routes[pathname];
    if (route) return route(response);
    const candidates = pathname.endsWith('/') ? [`${pathname}index.html`] : [pathname, `${pathname}.html`];
    for (const candidate of candidates) {
      const file = path.join(root, candidate);
      if (file.startsWith(root) && fs.existsSync(file) && fs.statSync(file).isFile()) {
        response.writeHead(200, { 'Content-Type': types[path.extname(file)] ?? 'application/octet-stream' });
        return void response.end(fs.readFileSync(file));
      }
    }
    response.writeHead(404, { 'Content-Type': 'text/html' });
    response.end('<!doctype html><title>Not found</title>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return { url: `${origin}/`, origin, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
