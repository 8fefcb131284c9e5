import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaymentHeader } from 'x402/client';
import { startFacilitator } from './helpers/facilitator.js';
import { OpenApiContract } from './helpers/openapi-contract.js';
import { runtimePair, type RuntimePair } from './helpers/runtime-pair.js';
import type { RequestOptions } from './helpers/runtimes.js';
import { siteUnderTest, type TestKeys } from './helpers/site-under-test.js';

// Every operation of the published document, called the ways clients call it, on `agentdir serve`
// and on workerd: each answer must be one the document describes, body and all.

const payTo = '0x1111111111111111111111111111111111111111';
const buyer = privateKeyToAccount(generatePrivateKey());

let keys: TestKeys;
let facilitator: Awaited<ReturnType<typeof startFacilitator>>;
let dormant: RuntimePair;
let configured: RuntimePair;
let contract: OpenApiContract;

beforeAll(async () => {
  // llms.txt split into section files, so their operations are in the document too.
  const site = await siteUnderTest({ llmsBudget: 1500 });
  keys = site.keys;
  facilitator = await startFacilitator();
  const env = { X402_FACILITATOR_URL: facilitator.url, X402_PAY_TO: payTo, X402_NETWORK: 'base-sepolia' };
  dormant = await runtimePair(site);
  configured = await runtimePair(site, { env });
  contract = new OpenApiContract(JSON.parse((await dormant.serve.request('/openapi.json')).body));
});
afterAll(async () => {
  await Promise.all([dormant?.close(), configured?.close()]);
  await facilitator?.close();
});

/** Options are made when the call runs: keys exist only once the site is built. */
type Call = [label: string, path: string, options?: () => RequestOptions, expected?: number];
const optionsOf = (call: Call) => call[2]?.() ?? {};

function calls(): Call[] {
  const bearer = (tier: keyof TestKeys) => () => ({ headers: { Authorization: `Bearer ${keys[tier]}` } });
  const apiKey = (tier: keyof TestKeys) => () => ({ headers: { 'x-api-key': keys[tier] } });
  const browser = () => ({ headers: { Accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.8' } });
  const none = () => ({});
  const post =
    (body: string, headers: Record<string, string> = {}) =>
    () => ({
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', ...headers },
    });
  const mcp = { accept: 'application/json, text/event-stream' };
  const initialize = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'contract', version: '1' } },
  });
  const gated: Call[] = ['/resources/{s}', '/resources/{s}.md', '/api/resources/{s}.json'].flatMap((shape) => {
    const at = (slug: string) => shape.replace('{s}', slug);
    return [
      [`${shape} free`, at('wire-formats'), none, 200],
      [`${shape} premium, no key`, at('data-formats'), none, 402],
      [`${shape} premium, revoked key`, at('data-formats'), bearer('revoked'), 402],
      [`${shape} premium, bearer key`, at('data-formats'), bearer('starter'), 200],
      [`${shape} premium, x-api-key`, at('data-formats'), apiKey('corpus'), 200],
      [`${shape} premium, browser`, at('data-formats'), browser, 402],
      [`${shape} unknown`, at('no-such-resource'), none, 404],
    ] satisfies Call[];
  });
  return [
    ...[
      '/api/resources.json',
      '/api/articles.json',
      '/api/articles.jsonl',
      '/api/search-index.json',
      '/api/corpus.json',
      '/api/corpus.jsonl',
      '/api/corpus.schema.json',
      '/api/finetune-sample.jsonl',
      '/api/evals-sample.jsonl',
      '/api/categories.json',
      '/api/tags.json',
      '/api/paths.json',
      '/api/pricing.json',
      '/api/payment.json',
      '/llms.txt',
      '/llms-full.txt',
      '/license.xml',
      '/openapi.json',
      '/openapi.yaml',
      '/.well-known/api-catalog',
      '/.well-known/mcp/server-card.json',
      '/.well-known/mcp/catalog.json',
      '/.well-known/mcp/server.json',
      '/.well-known/ard.json',
      '/.well-known/ai-catalog.json',
      '/.well-known/agent-card.json',
      '/mcp/server-card',
    ].map((path): Call => [path, path, none, 200]),
    [
      '/mcp/server-card, card media type',
      '/mcp/server-card',
      () => ({ headers: { Accept: 'application/mcp-server-card+json' } }),
      200,
    ],
    ...gated,
    ['agent skills index', '/.well-known/agent-skills/index.json', none, 200],
    ['generated skill', '/.well-known/agent-skills/fixture-directory/SKILL.md', none, 200],
    ['unknown skill', '/.well-known/agent-skills/no-such-skill/SKILL.md', none, 404],
    // The minimal site has no skill of more than one file: no archive to get.
    ['unknown skill archive', '/.well-known/agent-skills/no-such-skill.tar.gz', none, 404],
    ['agent skills index, v0.1.0', '/.well-known/skills/index.json', none, 200],
    ['generated skill, v0.1.0 location', '/.well-known/skills/fixture-directory/SKILL.md', none, 200],
    ['llms.txt section', '/llms/resources-protocols.txt', none, 200],
    ['llms.txt section, full text', '/llms-full/resources-protocols.txt', none, 200],
    ['unknown llms.txt section', '/llms/no-such-section.txt', none, 404],
    ['article json', '/api/articles/basics-guide.json', none, 200],
    ['article markdown', '/articles/first-steps.md', none, 200],
    ['article page', '/articles/first-steps', none, 200],
    ['premium preview page', '/resources/data-formats/preview', none, 200],
    ['premium preview markdown', '/resources/data-formats/preview.md', none, 200],
    ['guide cluster page', '/guides/basics', none, 200],
    ['guide cluster markdown', '/guides/basics.md', none, 200],
    ['unknown guide cluster', '/guides/no-such-cluster', none, 404],
    ['home page', '/', none, 200],
    ['home page markdown', '/index.md', none, 200],
    ['learning path page', '/paths/first-path', none, 200],
    ['learning path markdown', '/paths/first-path.md', none, 200],
    ['unknown article page', '/articles/no-such-guide', none, 404],
    ['unknown article json', '/api/articles/no-such-guide.json', none, 404],
    ['unknown article markdown', '/articles/no-such-guide.md', none, 404],
    ['full corpus, no key', '/api/corpus.full.jsonl', none, 402],
    ['full corpus, starter key', '/api/corpus.full.jsonl', bearer('starter'), 402],
    ['full corpus, corpus key', '/api/corpus.full.jsonl', apiKey('corpus'), 200],
    ['full corpus, redistribution key', '/api/corpus.full.jsonl', bearer('redistribution'), 200],
    ['x402 dormant', '/api/x402/data-formats', none, 503],
    ['x402 free slug', '/api/x402/wire-formats', none, 400],
    ['x402 unknown slug', '/api/x402/no-such-resource', none, 404],
    ['grader, unreachable site', '/api/grader', post(JSON.stringify({ url: 'https://unreachable.invalid' })), 200],
    ['grader, no url', '/api/grader', post('{}'), 400],
    ['grader, not JSON', '/api/grader', post('{'), 400],
    ['grader, private address', '/api/grader', post(JSON.stringify({ url: 'http://127.0.0.1/' })), 400],
    ['feedback, not JSON', '/api/feedback', post('{'), 400],
    ['feedback, unknown field', '/api/feedback', post(JSON.stringify({ page: '/', rating: 'helpful', mood: 1 })), 422],
    ['feedback, not application/json', '/api/feedback', post('{}', { 'content-type': 'text/plain' }), 415],
    ['feedback, too large', '/api/feedback', post(JSON.stringify({ page: '/', comment: 'x'.repeat(20_000) })), 413],
    ['mcp initialize', '/mcp', post(initialize, mcp), 200],
    [
      'mcp notification',
      '/mcp',
      post(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }), mcp),
      202,
    ],
    ['mcp not JSON', '/mcp', post('{', mcp), 400],
    ['mcp without Accept json', '/mcp', post(initialize, { accept: 'text/plain' }), 406],
  ];
}

describe.each(['serve', 'workerd'] as const)('every operation of openapi.json on %s', (name) => {
  it.each(calls())('%s', async (...call) => {
    const [, path, , expected] = call;
    const options = optionsOf(call);
    const response = await dormant[name].request(path, options);
    expect(response.status, response.body.slice(0, 300)).toBe(expected);
    expect(contract.problems(options.method ?? 'GET', path, response)).toEqual([]);
  });

  it('x402 configured: 402 with requirements, then 200 with the Markdown for a payment', async () => {
    const runtime = configured[name];
    const required = await runtime.request('/api/x402/data-formats');
    expect(required.status).toBe(402);
    expect(contract.problems('GET', '/api/x402/data-formats', required)).toEqual([]);
    const requirements = JSON.parse(required.body).accepts[0];
    const paid = await runtime.request('/api/x402/data-formats', {
      headers: { 'X-PAYMENT': await createPaymentHeader(buyer as never, 1, requirements as never) },
    });
    expect(paid.status).toBe(200);
    expect(contract.problems('GET', '/api/x402/data-formats', paid)).toEqual([]);
  });

  it('feedback: stored (201) where a readers database is bound, received but not stored (202) where none is', async () => {
    const body = JSON.stringify({ page: '/resources/wire-formats', rating: 'helpful', comment: 'Clear.' });
    const response = await dormant[name].request('/api/feedback', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(response.status).toBe(name === 'serve' ? 201 : 202);
    expect(contract.problems('POST', '/api/feedback', response)).toEqual([]);
  });

  it('fails an answer the document does not describe', async () => {
    const response = await dormant[name].request('/api/resources.json');
    expect(contract.problems('GET', '/api/resources.json', { ...response, status: 418 })).not.toEqual([]);
    expect(contract.problems('GET', '/api/resources.json', { ...response, body: '{"resources": 1}' })).not.toEqual([]);
    expect(contract.problems('DELETE', '/api/resources.json', response)).not.toEqual([]);
  });
});

it('calls every operation of the document', () => {
  const called = new Set(
    [...calls(), ['', '/api/x402/data-formats'] as Call].map((call) => {
      const method = optionsOf(call).method ?? 'GET';
      const found = contract.operationOf(method, call[1]);
      return found ? `${found.template} ${method}` : call[1];
    }),
  );
  const documented = Object.entries(contract.document.paths as Record<string, Record<string, unknown>>).flatMap(
    ([template, item]) => Object.keys(item).map((method) => `${template} ${method.toUpperCase()}`),
  );
  expect([...called].sort()).toEqual(documented.sort());
});
