import { escapeXml } from '../util/xml.js';

const style = [
  'body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}',
  'pre{white-space:pre-wrap;background:#fff4f4;border-left:4px solid #c00;padding:1rem}',
].join('');

/**
 * What `serve --watch` shows in the browser while the content does not build: the problems as the
 * terminal prints them. The reload script is added to every HTML answer in watch mode, this one's
 * too, so the page goes away by itself once the content builds again.
 */
export function problemsPage(report: string): Response {
  const html = [
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Build failed</title>',
    `<style>${style}</style></head><body>`,
    '<h1>The last change does not build</h1>',
    '<p>Fix the problems below; this page reloads when the content builds again.',
    ' The API still answers from the last good build.</p>',
    `<pre>${escapeXml(report)}</pre></body></html>`,
  ].join('');
  return new Response(html, {
    status: 500,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}
