import { contentTypeOverrides } from '../shared/content-types.js';
import { oneLine } from '../util/text.js';
import type { EmitContext } from './context.js';
import type { OutputFile } from './output.js';
import { openApiJsonType } from './openapi/api-catalog.js';

/** `_headers` for static hosts that read it (Cloudflare, Netlify): media types the extension alone does not give. */
export function headersFile(context: EmitContext): string {
  const { urls } = context;
  // RFC 8288 links on every static answer: where the agent index, the license, the interface
  // description (RFC 8631 service-desc, RFC 9727 api-catalog), the MCP server card and the ARD manifest are.
  const discovery = [
    `<${urls.llmsTxt}>; rel="describedby"; type="text/plain"`,
    `<${urls.openApi}>; rel="service-desc"; type="${openApiJsonType}"`,
    `<${urls.apiCatalog}>; rel="api-catalog"`,
    `<${urls.license}>; rel="license"; type="application/rsl+xml"`,
    `<${urls.serverCard}>; rel="service-desc"; type="application/json"`,
    // The ARD manifest, under the relation the current draft names and the one earlier drafts did.
    ...(context.model.site.discovery.ard ? [`<${urls.ard}>; rel="ard ai-catalog"; type="application/json"`] : []),
  ].join(', ');
  const rules: [string, string[]][] = [
    ['/*', [`Link: ${discovery}`]],
    // Exact paths, never `/*.jsonl`: a rule also labels the 404 page answered for a path it matches.
    // Markdown needs no rule: the static hosts know `.md` themselves.
    ...[urls.articlesJsonl, urls.corpusJsonl, urls.finetuneSample, urls.evalsSample].map((url): [string, string[]] => [
      new URL(url).pathname,
      ['Content-Type: application/x-ndjson'],
    ]),
    ...Object.entries(contentTypeOverrides).map(([path, type]): [string, string[]] => [
      path,
      [`Content-Type: ${type}`],
    ]),
    ['/llms.txt', ['Content-Type: text/plain; charset=utf-8']],
    ['/llms-full.txt', ['Content-Type: text/plain; charset=utf-8']],
    // Hashed file names change whenever the content does, so they can be cached for a year.
    ['/assets/*', ['Cache-Control: public, max-age=31536000, immutable']],
    ['/api/*', ['Access-Control-Allow-Origin: *']],
    ['/.well-known/*', ['Access-Control-Allow-Origin: *', 'Cache-Control: public, max-age=3600']],
  ];
  const header = `# Response headers for static hosts (${oneLine(context.model.site.name)}). Worker routes set their own.`;
  return `${header}\n${rules.map(([path, lines]) => `${path}\n${lines.map((line) => `  ${line}`).join('\n')}`).join('\n')}\n`;
}

export function emitHeadersFile(context: EmitContext): OutputFile[] {
  return [{ path: 'public/_headers', content: headersFile(context) }];
}
