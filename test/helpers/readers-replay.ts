import type { PaymentRequired } from '@x402/core/types';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import { decodePaymentResponseHeader, wrapFetchWithPayment as wrapFetchWithPaymentV2, x402Client } from '@x402/fetch';
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import { createPaymentHeader } from 'x402/client';
import { decodeXPaymentResponse, wrapFetchWithPayment } from 'x402-fetch';
import type { ReadersDatabase } from '../../src/shared/readers/database.js';
import { startFacilitator } from './facilitator.js';
import { hostileQuery } from './readers-seed.js';
import type { Runtime } from './runtimes.js';
import { signedHeaders, startSignatureDirectory } from './signature-directory.js';
import { siteUnderTest } from './site-under-test.js';

/** User agents as the agents send them (the crawler list's own samples), a browser, and readers the list does not know. */
export const userAgents = {
  gpt: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)',
  claude: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)',
  perplexity:
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)',
  chatgptUser:
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot',
  chrome: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36',
  signer: 'ExampleSigner/1.0',
  buyer: 'ExampleBuyer/1.0',
  // Control Sequence Introducers (C1, which HTTP lets through as bytes 0x9b) and a formula.
  hostile: '\u009b2J\u009b31mEvil/1.0 =cmd|calc',
} as const;

/** A query and a comment an attacker would send: escape sequences C0 and C1, a bidirectional override, a formula and SQL. */
export const hostileText = `\u009b31m\u202e${hostileQuery}`;

export const zeroResultQuery = 'quantum zebra migration';
export const helpfulComment = 'Clear steps, and the examples run.';
export const unhelpfulComment = 'The install step is missing.';

/** A payment the replay made, as its receipt tells it. */
export interface ReplayReceipt {
  version: 1 | 2;
  channel: 'http' | 'mcp';
  transaction: string;
  payer: string;
}

export interface ReplayContext {
  directory: Awaited<ReturnType<typeof startSignatureDirectory>>;
  starterKey: string;
  buyer: PrivateKeyAccount;
  /** The receipts of the payments settled, in order; the test empties it after each runtime. */
  receipts: ReplayReceipt[];
}

/**
 * What the replay needs: the minimal fixture built to record every request, a local x402
 * facilitator, a Web Bot Auth signer's key directory, and the worker environment naming them.
 */
export async function replayServices(): Promise<{
  site: Awaited<ReturnType<typeof siteUnderTest>>;
  env: Record<string, string>;
  context: ReplayContext;
  close(): Promise<void>;
}> {
  const site = await siteUnderTest({ siteYaml: 'analytics:\n  record: every-request' });
  const facilitator = await startFacilitator();
  const directory = await startSignatureDirectory();
  return {
    site,
    env: {
      X402_FACILITATOR_URL: facilitator.url,
      X402_PAY_TO: '0x1111111111111111111111111111111111111111',
      X402_NETWORK: 'base-sepolia',
      AGENTDIR_SIGNATURE_DIRECTORIES: directory.origin,
    },
    context: {
      directory,
      starterKey: site.keys.starter,
      buyer: privateKeyToAccount(generatePrivateKey()),
      receipts: [],
    },
    close: async () => {
      await facilitator.close();
      await directory.close();
    },
  };
}

/** One request of the replay, or one paid read (two requests); resolves to the status of the answer. */
interface Step {
  label: string;
  send(runtime: Runtime, context: ReplayContext): Promise<number>;
}

const get =
  (pathname: string, userAgent: string, headers: Record<string, string> = {}): Step['send'] =>
  async (runtime) =>
    (await runtime.request(pathname, { headers: { 'User-Agent': userAgent, ...headers } })).status;

const post =
  (pathname: string, userAgent: string, body: unknown, headers: Record<string, string> = {}): Step['send'] =>
  async (runtime) =>
    (
      await runtime.request(pathname, {
        method: 'POST',
        headers: { 'User-Agent': userAgent, 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify(body),
      })
    ).status;

const mcpHeaders = { Accept: 'application/json, text/event-stream' };
const initialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'replay', version: '1.0.0' } },
};
const searchCall = (id: number, query: string) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name: 'search_resources', arguments: { query } },
});

const signed =
  (by: 'signer' | 'other'): Step['send'] =>
  async (runtime, { directory }) => {
    const pathname = '/resources/wire-formats.md';
    const headers = await signedHeaders(`${runtime.origin}${pathname}`, {
      agent: `sig1="${directory.origin}"`,
      by: directory[by],
      headers: { 'User-Agent': userAgents.signer },
    });
    return (await runtime.request(pathname, { headers })).status;
  };

/** The runtime's fetch, sending `userAgent`, for a client that makes its own requests. */
function fetchAs(runtime: Runtime, userAgent: string): typeof fetch {
  return (input, init) => {
    const request = new Request(input, init);
    request.headers.set('User-Agent', userAgent);
    return runtime.fetch(request);
  };
}

/** A receipt as both versions' headers and the MCP result `_meta` carry it. */
function receiptOf(version: 1 | 2, channel: ReplayReceipt['channel'], receipt: unknown): ReplayReceipt {
  const { transaction, payer } = receipt as { transaction: string; payer: string };
  return { version, channel, transaction, payer };
}

/** A version 1 payment whose signature was changed after signing: the facilitator refuses it. */
const forgedPayment: Step['send'] = async (runtime, { buyer }) => {
  const offer = await runtime.request('/api/x402/data-formats', { headers: { 'User-Agent': userAgents.buyer } });
  const [requirements] = (JSON.parse(offer.body) as { accepts: unknown[] }).accepts;
  const signed = JSON.parse(
    Buffer.from(await createPaymentHeader(buyer as never, 1, requirements as never), 'base64').toString(),
  );
  const signature = signed.payload.signature as string;
  signed.payload.signature = signature.replace(/.{6}$/, signature.endsWith('aaaaaa') ? 'bbbbbb' : 'aaaaaa');
  const headers = {
    'User-Agent': userAgents.buyer,
    'X-PAYMENT': Buffer.from(JSON.stringify(signed)).toString('base64'),
  };
  return (await runtime.request('/api/x402/data-formats', { headers })).status;
};

const getResourceCall = (id: number, meta?: Record<string, unknown>) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name: 'get_resource', arguments: { slug: 'data-formats' }, ...(meta ? { _meta: meta } : {}) },
});

/** A paid MCP tool call: the PaymentRequired of an unpaid call, signed by the official client, sent in `_meta`. */
const mcpPayment: Step['send'] = async (runtime, context) => {
  const call = async (id: number, meta?: Record<string, unknown>) => {
    const response = await runtime.request('/mcp', {
      method: 'POST',
      headers: { 'User-Agent': userAgents.buyer, 'Content-Type': 'application/json', ...mcpHeaders },
      body: JSON.stringify(getResourceCall(id, meta)),
    });
    return { status: response.status, result: JSON.parse(response.body).result as Record<string, any> };
  };
  const unpaid = await call(5);
  const client = new x402Client().register('eip155:*', new ExactEvmScheme(context.buyer));
  const payment = await client.createPaymentPayload(unpaid.result.structuredContent as PaymentRequired);
  const paid = await call(6, { 'x402/payment': payment });
  if (paid.result.isError) return 402;
  context.receipts.push(receiptOf(2, 'mcp', paid.result._meta['x402/payment-response']));
  return paid.status;
};

/**
 * The same readers on any runtime, each with a known answer: AI agents by user agent, a Web Bot
 * Auth signer and a forgery of it, a browser, MCP calls, a premium read without and with a key,
 * x402 payments by the official clients of both versions, feedback, and a hostile reader.
 */
export const replaySteps: { step: Step; status: number }[] = [
  { status: 200, step: { label: 'GPTBot reads llms.txt', send: get('/llms.txt', userAgents.gpt) } },
  {
    status: 200,
    step: { label: 'ClaudeBot reads a .md page', send: get('/resources/getting-started.md', userAgents.claude) },
  },
  {
    status: 200,
    step: {
      label: 'PerplexityBot reads a JSON resource',
      send: get('/api/resources/getting-started.json', userAgents.perplexity),
    },
  },
  { status: 200, step: { label: 'a signed agent reads a page', send: signed('signer') } },
  { status: 200, step: { label: 'a forged signature reads a page', send: signed('other') } },
  {
    status: 200,
    step: {
      label: 'a browser opens a page',
      send: get('/resources/getting-started', userAgents.chrome, {
        Accept: 'text/html,application/xhtml+xml',
        'Sec-Fetch-Mode': 'navigate',
        'Sec-Fetch-Dest': 'document',
        'Sec-Fetch-Site': 'none',
      }),
    },
  },
  {
    status: 200,
    step: { label: 'MCP initialize', send: post('/mcp', userAgents.chatgptUser, initialize, mcpHeaders) },
  },
  {
    status: 200,
    step: {
      label: 'MCP search that finds something',
      send: post('/mcp', userAgents.chatgptUser, searchCall(2, 'wire formats JSON'), mcpHeaders),
    },
  },
  {
    status: 200,
    step: {
      label: 'MCP search with no results',
      send: post('/mcp', userAgents.chatgptUser, searchCall(3, zeroResultQuery), mcpHeaders),
    },
  },
  {
    status: 402,
    step: { label: 'a premium read without a key', send: get('/resources/data-formats.md', userAgents.gpt) },
  },
  {
    status: 200,
    step: {
      label: 'a premium read with a key',
      send: (runtime, context) =>
        get('/resources/data-formats.md', userAgents.gpt, { Authorization: `Bearer ${context.starterKey}` })(
          runtime,
          context,
        ),
    },
  },
  {
    status: 200,
    step: {
      label: 'an x402 version 1 payment by x402-fetch',
      send: async (runtime, { buyer, receipts }) => {
        const pay = wrapFetchWithPayment(fetchAs(runtime, userAgents.buyer), buyer as never);
        const response = await pay(`${runtime.origin}/api/x402/data-formats`);
        await response.text();
        const receipt = response.headers.get('x-payment-response');
        if (receipt) receipts.push(receiptOf(1, 'http', decodeXPaymentResponse(receipt)));
        return response.status;
      },
    },
  },
  {
    status: 200,
    step: {
      label: 'an x402 version 2 payment by @x402/fetch',
      send: async (runtime, { buyer, receipts }) => {
        const client = new x402Client().register('eip155:*', new ExactEvmScheme(buyer));
        const pay = wrapFetchWithPaymentV2(fetchAs(runtime, userAgents.buyer), client);
        const response = await pay(`${runtime.origin}/api/x402/data-formats`);
        await response.text();
        const receipt = response.headers.get('payment-response');
        if (receipt) receipts.push(receiptOf(2, 'http', decodePaymentResponseHeader(receipt)));
        return response.status;
      },
    },
  },
  { status: 402, step: { label: 'an x402 payment with a forged signature', send: forgedPayment } },
  { status: 200, step: { label: 'an x402 payment in an MCP tool call', send: mcpPayment } },
  {
    status: 201,
    step: {
      label: 'helpful feedback',
      send: post('/api/feedback', userAgents.claude, {
        page: '/resources/getting-started',
        rating: 'helpful',
        comment: helpfulComment,
      }),
    },
  },
  {
    status: 201,
    step: {
      label: 'a low score',
      send: post('/api/feedback', userAgents.claude, {
        page: '/resources/getting-started',
        score: 2,
        comment: unhelpfulComment,
      }),
    },
  },
  {
    status: 201,
    step: {
      label: 'a high score as a URL of the site',
      send: post('/api/feedback', userAgents.perplexity, {
        page: 'https://fixture.example/resources/wire-formats',
        score: 4,
      }),
    },
  },
  {
    status: 200,
    step: {
      label: 'a hostile search',
      send: post('/mcp', userAgents.hostile, searchCall(4, hostileText), mcpHeaders),
    },
  },
  {
    status: 201,
    step: {
      label: 'a hostile comment',
      send: post('/api/feedback', userAgents.hostile, {
        page: '/resources/getting-started',
        rating: 'not-helpful',
        comment: hostileText,
      }),
    },
  },
];

/** Sends every step in order; the statuses answered, by label. */
export async function replayReaders(runtime: Runtime, context: ReplayContext): Promise<Record<string, number>> {
  const statuses: Record<string, number> = {};
  for (const { step } of replaySteps) statuses[step.label] = await step.send(runtime, context);
  return statuses;
}

/** The statuses `replayReaders` gives when the runtime records and stores everything. */
export const recordedStatuses = Object.fromEntries(replaySteps.map(({ step, status }) => [step.label, status]));

/** Resolves once `read` gives `expected`, or after a few seconds with what it last gave. */
export async function settled<T>(read: () => Promise<T>, expected: T): Promise<T> {
  let value = await read();
  for (let tries = 0; tries < 100 && JSON.stringify(value) !== JSON.stringify(expected); tries++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = await read();
  }
  return value;
}

/** How many events, feedback messages and payments a readers database holds. */
export const readerRowCounts = async (db: ReadersDatabase) => ({
  events: (await db.prepare('SELECT count(*) AS n FROM reader_events').first<{ n: number }>())!.n,
  feedback: (await db.prepare('SELECT count(*) AS n FROM reader_feedback').first<{ n: number }>())!.n,
  payments: (await db.prepare('SELECT count(*) AS n FROM payments').first<{ n: number }>())!.n,
});

/** The payments ledger as stored, oldest first. */
export const ledgerRows = async (db: ReadersDatabase) =>
  (
    await db
      .prepare(
        `SELECT rail, x402_version AS x402Version, scheme, transfer_method AS transferMethod, network, asset, amount,
          payer, slug, transaction_id AS "transaction", channel, day FROM payments ORDER BY at, id`,
      )
      .all<Record<string, unknown>>()
  ).results;
