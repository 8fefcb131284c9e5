import { Client as ModernClient, StreamableHTTPClientTransport as ModernTransport } from '@modelcontextprotocol/client';
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as LegacyTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mcpToolNames } from '../src/shared/mcp.js';
import { runtimePair, type RuntimePair } from './helpers/runtime-pair.js';
import { siteUnderTest } from './helpers/site-under-test.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

let site: Awaited<ReturnType<typeof siteUnderTest>>;
const urls: Record<string, string> = {};
let runtimes: RuntimePair;

beforeAll(async () => {
  site = await siteUnderTest();
  runtimes = await runtimePair(site);
  urls.serve = `${runtimes.serve.url}mcp`;
  urls.workerd = `${runtimes.workerd.url}mcp`;
});
afterAll(() => runtimes?.close());

/** Valid arguments for every tool, against the fixture directory. */
function validCalls(): Record<string, Record<string, unknown>[]> {
  return {
    list_resources: [{}, { category: 'protocols' }, { premium: true, limit: 1 }, { tag: 'formats' }],
    get_resource: [
      { slug: 'wire-formats' },
      { slug: 'data-formats' },
      { slug: 'data-formats', api_key: site.keys.starter },
    ],
    get_access_info: [{}],
    search_resources: [{ query: 'wire formats JSON' }, { query: 'zzzz nothing' }],
    get_corpus: [{}, { limit: 2 }],
    get_full_corpus: [{}, { api_key: site.keys.corpus, limit: 10 }],
    get_pricing: [{}],
    get_payment_info: [{}],
    get_stats: [{}],
    list_articles: [{}, { cluster: 'basics' }],
    get_article: [{ slug: 'first-steps' }],
    search: [{ query: 'basics guide' }, { query: 'access', type: 'resource' }],
    get_cluster: [{}, { id: 'basics' }],
    check_access: [{ slug: 'json-api' }, { slug: 'json-api', api_key: site.keys.starter }, { slug: 'wire-formats' }],
  };
}

/** Arguments each tool must refuse with an isError result naming the field. */
const invalidCalls: Record<string, [Record<string, unknown>, string]> = {
  list_resources: [{ limit: 0 }, 'limit'],
  get_resource: [{ slug: 'no-such-resource' }, 'slug'],
  get_access_info: [{ verbose: true }, 'verbose'],
  search_resources: [{ query: 42 }, 'query'],
  get_corpus: [{ cursor: 'garbage' }, 'cursor'],
  get_full_corpus: [{ limit: 'ten' }, 'limit'],
  get_pricing: [{ currency: 'EUR' }, 'currency'],
  get_payment_info: [{ x: 1 }, 'x'],
  get_stats: [{ detail: 'all' }, 'detail'],
  list_articles: [{ cluster: 'nope' }, 'cluster'],
  get_article: [{}, 'slug'],
  search: [{ query: 'x', type: 'video' }, 'type'],
  get_cluster: [{ id: 'missing' }, 'id'],
  check_access: [{ slug: 'Not A Slug' }, 'slug'],
};

interface AnyClient {
  listTools(): Promise<{ tools: { name: string; outputSchema?: unknown; annotations?: Record<string, unknown> }[] }>;
  callTool(request: { name: string; arguments: Record<string, unknown> }): Promise<unknown>;
  listResources(): Promise<{ resources: { uri: string; mimeType?: string }[] }>;
  readResource(request: { uri: string }): Promise<{ contents: { uri: string; text?: string }[] }>;
  listResourceTemplates(): Promise<{ resourceTemplates: unknown[] }>;
  listPrompts(): Promise<{ prompts: { name: string }[] }>;
  getPrompt(request: {
    name: string;
    arguments: Record<string, string>;
  }): Promise<{ messages: { content: { type: string; text?: string } }[] }>;
  close(): Promise<void>;
}

/** A fetch that asks for `version` in initialize: how the official 1.x client is made to negotiate an older revision. */
function fetchRequesting(version: string): typeof fetch {
  return async (input, init) => {
    if (typeof init?.body === 'string' && init.body.includes('"method":"initialize"')) {
      const message = JSON.parse(init.body);
      message.params.protocolVersion = version;
      init = { ...init, body: JSON.stringify(message) };
    }
    return fetch(input, init);
  };
}

async function connectLegacy(
  url: string,
  version: string,
): Promise<{ client: AnyClient; negotiated: string | undefined }> {
  const client = new LegacyClient({ name: 'agentdir-test', version: '1.0.0' });
  const transport = new LegacyTransport(new URL(url), { fetch: fetchRequesting(version) });
  await client.connect(transport);
  return { client: client as unknown as AnyClient, negotiated: transport.protocolVersion };
}

async function connectModern(
  url: string,
  mode: 'auto' | 'pin',
): Promise<{ client: AnyClient; negotiated: string | undefined }> {
  const client = new ModernClient(
    { name: 'agentdir-test', version: '2.0.0' },
    { versionNegotiation: { mode: mode === 'pin' ? { pin: '2026-07-28' } : 'auto' } },
  );
  const transport = new ModernTransport(new URL(url));
  await client.connect(transport);
  return {
    client: client as unknown as AnyClient,
    negotiated:
      (client as unknown as { getNegotiatedProtocolVersion?(): string }).getNegotiatedProtocolVersion?.() ??
      transport.protocolVersion,
  };
}

async function exerciseEverything(client: AnyClient) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  const { tools } = await client.listTools();
  expect(tools.map((tool) => tool.name)).toEqual([...mcpToolNames]);
  for (const tool of tools) expect(tool.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: false });

  for (const [name, calls] of Object.entries(validCalls())) {
    const validate = ajv.compile(tools.find((tool) => tool.name === name)!.outputSchema as object);
    for (const args of calls) {
      const result = (await client.callTool({ name, arguments: args })) as {
        isError?: boolean;
        structuredContent?: unknown;
        content: { type: string; text: string }[];
      };
      expect(result.isError ?? false, `${name} ${JSON.stringify(args)}: ${result.content?.[0]?.text}`).toBe(false);
      expect(validate(result.structuredContent), `${name}: ${JSON.stringify(validate.errors)}`).toBe(true);
      expect(result.content[0]!.type).toBe('text');
    }
  }
  for (const [name, [args, field]] of Object.entries(invalidCalls)) {
    const result = (await client.callTool({ name, arguments: args })) as {
      isError?: boolean;
      content: { text: string }[];
    };
    expect(result.isError, `${name} ${JSON.stringify(args)}`).toBe(true);
    expect(result.content[0]!.text, name).toContain(`\`${field}\``);
  }

  const premium = (await client.callTool({ name: 'get_resource', arguments: { slug: 'data-formats' } })) as {
    structuredContent: Record<string, any>;
  };
  expect(premium.structuredContent.access).toBe('payment_required');
  expect(JSON.stringify(premium)).not.toContain('secret premium sentence');
  const opened = (await client.callTool({
    name: 'get_resource',
    arguments: { slug: 'data-formats', api_key: site.keys.starter },
  })) as { structuredContent: Record<string, any> };
  expect(opened.structuredContent.resource.body).toContain('secret premium sentence');
  const full = (await client.callTool({ name: 'get_full_corpus', arguments: { api_key: site.keys.starter } })) as {
    structuredContent: Record<string, any>;
  };
  expect(full.structuredContent).toMatchObject({ access: 'payment_required', licensed: false });
  const hits = (await client.callTool({ name: 'search', arguments: { query: 'wire formats' } })) as {
    structuredContent: { results: { slug: string }[] };
  };
  expect(hits.structuredContent.results[0]!.slug).toBe('wire-formats');
  const body = (await client.callTool({
    name: 'search',
    arguments: { query: 'additionalProperties when you own both ends' },
  })) as {
    structuredContent: { answered: boolean; results: { slug: string; passage?: Record<string, string> }[] };
  };
  expect(body.structuredContent.answered).toBe(true);
  expect(body.structuredContent.results[0]!.passage).toMatchObject({
    heading: 'Field notes',
    url: 'https://fixture.example/resources/wire-formats#field-notes',
  });
  expect(body.structuredContent.results[0]!.passage!.snippet).toContain('additionalProperties');
  const nothing = (await client.callTool({ name: 'search', arguments: { query: 'sourdough bread proofing' } })) as {
    structuredContent: { answered: boolean };
    content: { text: string }[];
  };
  expect(nothing.structuredContent.answered).toBe(false);
  expect(nothing.content.map((part) => part.text).join('\n')).toContain('No document here answers');

  const { resources } = await client.listResources();
  expect(resources.map((resource) => resource.uri).sort()).toEqual(
    ['access-and-pricing', 'getting-started', 'wire-formats']
      .map((slug) => `https://fixture.example/resources/${slug}.md`)
      .concat(
        ['basics-guide', 'first-steps', 'next-steps'].map((slug) => `https://fixture.example/articles/${slug}.md`),
      )
      .sort(),
  );
  const read = await client.readResource({ uri: 'https://fixture.example/resources/wire-formats.md' });
  expect(read.contents[0]!.text).toMatch(/^# Wire formats\n/);
  expect((await client.listResourceTemplates()).resourceTemplates).toHaveLength(2);
  const { prompts } = await client.listPrompts();
  expect(prompts.map((prompt) => prompt.name)).toEqual([
    'explain-resource',
    'walk-learning-path',
    'answer-from-directory',
  ]);
  const prompt = await client.getPrompt({ name: 'walk-learning-path', arguments: { path: 'first-path' } });
  expect(prompt.messages[0]!.content.text).toContain('Wire formats');
}

describe.each(['serve', 'workerd'])('MCP on %s', (runtime) => {
  it.each(['2025-03-26', '2025-06-18', '2025-11-25'])(
    'the official 1.x SDK client negotiates %s and uses every tool, resource and prompt',
    async (version) => {
      const { client, negotiated } = await connectLegacy(urls[runtime]!, version);
      try {
        expect(negotiated).toBe(version);
        await exerciseEverything(client);
      } finally {
        await client.close();
      }
    },
  );

  it.each(['pin', 'auto'] as const)(
    'the official 2.x client speaks 2026-07-28 (%s) and uses every tool, resource and prompt',
    async (mode) => {
      const { client, negotiated } = await connectModern(urls[runtime]!, mode);
      try {
        expect(negotiated).toBe('2026-07-28');
        await exerciseEverything(client);
      } finally {
        await client.close();
      }
    },
  );
});
