// An in-memory site for the grader checks: path -> answer, served through the grader's own CheckContext.
import { createHash } from 'node:crypto';
import { checkContext, type CheckContext } from '../../src/grader/check.js';
import { defaultAccept, type Fetched, type SiteFetcher } from '../../src/grader/fetcher.js';

export const origin = 'https://site.example';

export interface Page {
  status?: number;
  type?: string;
  body: string;
  headers?: Record<string, string>;
  /**
   * Other answers by the first media type of the request's Accept (`text/markdown`; the grader's
   * default Accept starts with it), as a negotiating server gives.
   */
  accept?: Record<string, Page>;
}

export type SiteMap = Record<string, Page | string>;

/**
 * A fetcher answering from `pages` (a bare string is a 200 text/plain body), 404 for anything else,
 * recording each URL asked, and in `requests` each URL with the Accept it was asked with.
 */
export function memoryFetcher(pages: SiteMap): SiteFetcher & { asked: string[]; requests: string[] } {
  const asked: string[] = [];
  const requests: string[] = [];
  return {
    asked,
    requests,
    async get(url, options = {}): Promise<Fetched> {
      asked.push(url);
      requests.push(`${url} ${options.accept ?? ''}`);
      const parsed = new URL(url);
      const found = parsed.origin === origin ? pages[parsed.pathname + parsed.search] : undefined;
      if (found === undefined)
        return { url, status: 404, contentType: 'text/html', text: '<!doctype html><p>Not found' };
      const page = typeof found === 'string' ? { body: found } : found;
      const {
        status = 200,
        type = 'text/plain; charset=utf-8',
        body,
        headers = {},
      } = page.accept?.[(options.accept ?? defaultAccept).split(/[,;]/)[0]!.trim()] ?? page;
      return {
        url,
        status,
        contentType: type,
        text: body,
        ...(options.bytes ? { bytes: new TextEncoder().encode(body) } : {}),
        headers: new Headers({ 'Content-Type': type, ...headers }),
      };
    },
  };
}

export function contextFor(pages: SiteMap): CheckContext {
  return checkContext(origin, memoryFetcher(pages));
}

const docs = ['quick-start', 'authentication', 'rate-limits', 'endpoints', 'errors', 'changelog'];

export const llmsTxt = [
  '# Test Site',
  '',
  '> A small directory of guides that agents can read as Markdown, with an RSL license and a sitemap.',
  '',
  '## Docs',
  '',
  ...docs.map((name) => `- [${name}](${origin}/docs/${name}.md): the ${name} page, explained step by step for agents.`),
  '',
  '## Optional',
  '',
  `- [Pricing](${origin}/api/pricing.json): what keys cost`,
  '',
].join('\n');

export const homepage = [
  '<!doctype html><html><head>',
  '<title>Test Site &amp; Friends</title>',
  '<meta name="description" content="Guides for agents.">',
  '<script type="application/ld+json">{"@context":"https://schema.org","@type":"WebSite","name":"Test Site"}</script>',
  '</head><body><h1>Test Site</h1>',
  `<p>Agents: every page is listed at <a href="${origin}/llms.txt">/llms.txt</a>.</p>`,
  '<p>Guides for agents, each with a Markdown variant.</p>',
  '</body></html>',
].join('\n');

/** The Link header of the site's pages (RFC 8288), as agentdir's `_headers` writes it. */
export const discoveryLinks = [
  `<${origin}/llms.txt>; rel="describedby"; type="text/plain"`,
  `<${origin}/openapi.json>; rel="service-desc"; type="application/vnd.oai.openapi+json;version=3.1"`,
  `<${origin}/.well-known/api-catalog>; rel="api-catalog"`,
  `<${origin}/.well-known/ard.json>; rel="ard"`,
].join(', ');

/** A doc's Markdown variant: names /llms.txt first, links absolutely. */
export const docMarkdown = (name: string) =>
  `# ${name}\n\nEvery page is listed for agents at ${origin}/llms.txt.\n\nText, then [the errors page](${origin}/docs/errors) and [quick start](${origin}/docs/quick-start.md#install).\n`;

export const serverCard = JSON.stringify({
  name: 'example.site/directory',
  version: '1.0.0',
  description: 'Guides for agents.',
  remotes: [{ type: 'streamable-http', url: `${origin}/mcp` }],
});

/** An ARD manifest the conformance rules accept without a warning. */
export const ardManifest = JSON.stringify({
  specVersion: '1.0',
  entries: [
    {
      identifier: 'urn:air:site.example:mcp:directory',
      displayName: 'Directory MCP server',
      type: 'application/mcp-server-card+json',
      url: `${origin}/.well-known/mcp/server-card.json`,
      representativeQueries: ['quick start', 'error codes'],
    },
  ],
});

export const agentCard = JSON.stringify({
  name: 'Directory',
  description: 'Guides for agents.',
  version: '1.0.0',
  supportedInterfaces: [{ url: `${origin}/mcp`, protocolBinding: 'MCP', protocolVersion: '2025-11-25' }],
  capabilities: {},
  defaultInputModes: ['text/plain'],
  defaultOutputModes: ['application/json'],
  skills: [{ id: 'search', name: 'Search', description: 'Search the guides.', tags: ['search'] }],
});

export const registryServer = JSON.stringify({
  $schema: 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json',
  name: 'example.site/directory',
  description: 'Guides for agents.',
  version: '1.0.0',
  remotes: [{ type: 'streamable-http', url: `${origin}/mcp` }],
});

export const apiCatalog = JSON.stringify({
  linkset: [
    {
      anchor: origin,
      'service-desc': [
        { href: `${origin}/openapi.yaml`, type: 'application/vnd.oai.openapi' },
        { href: `${origin}/openapi.json`, type: 'application/vnd.oai.openapi+json' },
      ],
    },
  ],
});

export const licenseXml =
  '<?xml version="1.0"?>\n<rsl xmlns="https://rslstandard.org/rsl">\n  <content url="/">\n    <license><permits type="usage">search</permits></license>\n  </content>\n</rsl>\n';

export const sitemapXml = (...paths: string[]) =>
  `<?xml version="1.0"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${paths.map((p) => `<url><loc>${origin}${p}</loc></url>`).join('')}</urlset>`;

const markdownType = 'text/markdown; charset=utf-8';

export const skillMd = '---\nname: test-site\ndescription: Read the Test Site.\n---\n\n# Test Site\n';

/** The agent-skills index of the good site: one skill, digested as served. */
export const agentSkillsIndex = (digest: string) =>
  JSON.stringify({
    $schema: 'https://schemas.agentskills.io/discovery/0.2.0/schema.json',
    skills: [
      { name: 'test-site', type: 'skill-md', description: 'Read the Test Site.', url: 'test-site/SKILL.md', digest },
    ],
  });

/** sha256 of the good site's SKILL.md, as `sha256:<hex>`. */
export const skillMdDigest = `sha256:${createHash('sha256').update(skillMd).digest('hex')}`;

/** A site that passes every check, the extended ones too. */
/** A search page whose form is a WebMCP tool, its one parameter described. */
export const searchPage = [
  '<!doctype html><title>Search</title>',
  '<form action="/search" role="search" toolname="search_docs" tooldescription="Search the docs.">',
  '<label for="q">Search terms</label>',
  '<input id="q" type="search" name="q" toolparamdescription="A question or a few words">',
  '<button type="submit">Search</button></form>',
].join('\n');

export function goodSite(): SiteMap {
  return {
    '/': { type: 'text/html; charset=utf-8', body: homepage, headers: { Link: discoveryLinks } },
    '/robots.txt': `User-agent: *\nAllow: /\nContent-Signal: search=yes, ai-train=no\nLicense: ${origin}/license.xml\nSitemap: ${origin}/sitemap.xml\n`,
    '/sitemap.xml': { type: 'application/xml', body: sitemapXml(...docs.map((name) => `/docs/${name}`)) },
    '/llms.txt': llmsTxt,
    '/license.xml': { type: 'application/xml', body: licenseXml },
    '/.well-known/mcp/server-card.json': { type: 'application/json', body: serverCard },
    '/.well-known/api-catalog': { type: 'application/linkset+json', body: apiCatalog },
    '/.well-known/agent-skills/index.json': { type: 'application/json', body: agentSkillsIndex(skillMdDigest) },
    '/.well-known/agent-skills/test-site/SKILL.md': { type: markdownType, body: skillMd },
    '/.well-known/ard.json': { type: 'application/json', body: ardManifest },
    '/.well-known/agent-card.json': { type: 'application/json', body: agentCard },
    '/.well-known/mcp/server.json': { type: 'application/json', body: registryServer },
    '/openapi.json': { type: 'application/json', body: '{"openapi": "3.1.0", "paths": {}}' },
    '/search': { type: 'text/html; charset=utf-8', body: searchPage },
    ...Object.fromEntries(
      docs.flatMap((name) => [
        [`/docs/${name}.md`, { type: markdownType, body: docMarkdown(name) }],
        [
          `/docs/${name}`,
          {
            type: 'text/html; charset=utf-8',
            body: `<!doctype html><title>${name}</title><p>See ${origin}/llms.txt`,
            headers: { Vary: 'Accept' },
            accept: { 'text/markdown': { type: markdownType, body: docMarkdown(name), headers: { Vary: 'Accept' } } },
          },
        ],
      ]),
    ),
  };
}
