/** The quality a client's Accept header gives a media type, from its most specific matching range (exact, `type/*`, `*\/*`); 0 when none matches. */
export function acceptQuality(accept: string, mediaType: string): number {
  const [type] = mediaType.split('/');
  let found = { level: -1, q: 0 };
  for (const part of accept.split(',')) {
    const [range = '', ...params] = part
      .toLowerCase()
      .split(';')
      .map((piece) => piece.trim());
    const level = range === mediaType ? 2 : range === `${type}/*` ? 1 : range === '*/*' ? 0 : -1;
    if (level < 0 || level < found.level) continue;
    const q = Number(params.find((param) => param.startsWith('q='))?.slice(2) ?? 1);
    found = { level, q: Number.isFinite(q) ? Math.min(Math.max(q, 0), 1) : 0 };
  }
  return found.q;
}

/** True when the client names text/markdown and likes it at least as much as HTML. */
export function prefersMarkdown(accept: string | null): boolean {
  if (!accept) return false;
  const markdown = /(^|,)\s*text\/markdown\s*(;|,|$)/i.test(accept) ? acceptQuality(accept, 'text/markdown') : 0;
  return markdown > 0 && markdown >= acceptQuality(accept, 'text/html');
}

/** True when the client names text/html and likes it more than JSON: a browser, not curl's `*\/*` or an agent asking for JSON. */
export function prefersHtml(accept: string | null): boolean {
  return (
    !!accept &&
    /text\/html/i.test(accept) &&
    acceptQuality(accept, 'text/html') > acceptQuality(accept, 'application/json')
  );
}
