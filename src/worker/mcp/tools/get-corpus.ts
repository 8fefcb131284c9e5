import { objectOrEmpty } from '../../../shared/json-shapes.js';
import { opensFullCorpus } from '../../../shared/key-hash.js';
import { verifyKey } from '../../access-keys.js';
import { corpusLicenseRequiredBody } from '../../../shared/payment-bodies.js';
import {
  apiKeyArgument,
  array,
  boolean,
  cursorArgument,
  input,
  string,
  integer,
  limitArgument,
  object,
} from '../json-schema.js';
import { document, nextCursor } from '../output-schemas.js';
import { corpusLicenseRequired, x402Accepts } from '../schema-parts.js';
import { payForCorpusPage } from '../x402-payment.js';
import { atomicAmount, gatewayConfigured } from '../../x402/requirements.js';
import { networkNamed, networks } from '../../../shared/x402-networks.js';
import { x402MetaKeys } from '../../../shared/x402-transport.js';
import { decodeCursor, page, type PageBytes } from '../pagination.js';
import type { CorpusRecord } from '../site-types.js';
import { publicPaths } from '../../../shared/public-paths.js';
import { ToolArgumentError, type Tool, type ToolContext } from '../tool.js';

const corpusOutput = (extra: Record<string, unknown> = {}) =>
  object(
    {
      meta: document("The export's meta record."),
      total: integer('Resource records in the export.'),
      records: array(document('A resource record; `text` is the Markdown body.')),
      nextCursor,
      ...extra,
    },
    ['total', 'records'],
  );

/**
 * Records one page may hold besides its `limit`: 1 MiB of JSON. An answer carries them twice (as
 * structured content and as its JSON text), so a page stays well under the 4 MiB of one answer
 * however long a site's bodies are.
 */
export const maxCorpusPageBytes = 1024 * 1024;

// Records of the free export are parsed once per isolate, so each is measured once too.
const recordSizes = new WeakMap<CorpusRecord, number>();
function freeRecordSize(record: CorpusRecord): number {
  let size = recordSizes.get(record);
  if (size === undefined) {
    size = JSON.stringify(record).length;
    recordSizes.set(record, size);
  }
  return size;
}

/** What agents read about paging, in both corpus tools' descriptions. */
const pagingNote = `A page holds at most \`limit\` records and at most ${maxCorpusPageBytes / 1024 / 1024} MiB of them (at least one record); follow \`nextCursor\` for the rest.`;

async function corpusPage(args: Record<string, unknown>, context: ToolContext, full: boolean) {
  const offset = decodeCursor(args.cursor as string | undefined);
  if (offset === null)
    throw new ToolArgumentError('`cursor` is not a cursor this server issued; omit it to start from the first page.');
  const [meta, ...records] = await context.site.ndjson<CorpusRecord>(publicPaths.corpusJsonl);
  // The full export swaps in the premium records of the page alone, measured by their JSON text.
  const premiumRecord = (record: CorpusRecord) =>
    full && record.type === 'resource' ? context.data.premium[record.slug]?.corpusRecord : undefined;
  const pageBytes: PageBytes<CorpusRecord> = {
    maxBytes: maxCorpusPageBytes,
    sizeOf: (record) => premiumRecord(record)?.length ?? freeRecordSize(record),
  };
  const { items, nextCursor: next } = page(records, offset, (args.limit as number | undefined) ?? 10, pageBytes);
  const withBodies = items.map((record) => {
    const premium = premiumRecord(record);
    return premium ? objectOrEmpty(JSON.parse(premium)) : record;
  });
  return {
    meta: full ? objectOrEmpty(JSON.parse(context.data.fullCorpusMeta)) : meta!,
    total: records.length,
    records: withBodies,
    ...(next ? { nextCursor: next } : {}),
  };
}

export const getCorpus: Tool = {
  name: 'get_corpus',
  title: 'Get the free corpus',
  description: `Page through the free corpus export: every resource with metadata and its Markdown body in \`text\`; premium bodies are null with a \`premium_summary\`. Same records as /api/corpus.jsonl. ${pagingNote}`,
  inputSchema: input({ cursor: cursorArgument, limit: limitArgument(50, 10) }),
  outputSchema: corpusOutput(),
  async run(args, context) {
    const result = await corpusPage(args, context, false);
    return {
      structured: result,
      summary: `${result.records.length} of ${result.total} corpus records${result.nextCursor ? '; more with nextCursor' : ''}.`,
    };
  },
};

/**
 * A page of the full corpus sold with x402 `upto` (site.yaml `x402.metered_corpus`): at most the
 * per-fetch price per record of `limit`, settled for the premium records the page holds. A page
 * without premium records holds nothing for sale: it is served without a payment. Undefined while
 * the gateway cannot sell it (dormant, or a facilitator that does not settle `upto`).
 */
async function meteredPage(args: Record<string, unknown>, context: ToolContext, meta: Record<string, unknown>) {
  const result = await corpusPage(args, context, true);
  const network = networkNamed(context.env.X402_NETWORK ?? context.data.x402.network);
  const sold = result.records.filter(
    (record) => record.type === 'resource' && typeof record.slug === 'string' && context.data.premium[record.slug],
  );
  if (!network || !gatewayConfigured(context.env, context.data)) return undefined;
  if (!sold.length)
    return {
      structured: { access: 'granted', licensed: false, ...result },
      summary: `${result.records.length} of ${result.total} full corpus records, none premium: nothing to pay.`,
    };
  const used = (
    BigInt(atomicAmount(context.data.payment.price_usd, networks[network].usdc.decimals)) * BigInt(sold.length)
  ).toString();
  const payment = await payForCorpusPage(context, meta, (args.limit as number | undefined) ?? 10, used);
  if (payment.kind === 'dormant') return undefined;
  if (payment.kind === 'required')
    return {
      structured: {
        ...payment.required,
        access: 'payment_required',
        licensed: false,
        payment: corpusLicenseRequiredBody(context.data.payment),
      },
      summary: `${payment.required.error} ${context.data.payment.how_to_pay_corpus}`,
      isError: true,
    };
  return {
    structured: { access: 'x402', licensed: false, ...result },
    summary: `${result.records.length} of ${result.total} full corpus records, ${sold.length} premium paid with x402.`,
    meta: { [x402MetaKeys.receipt]: payment.receipt },
  };
}

export const getFullCorpus: Tool = {
  name: 'get_full_corpus',
  title: 'Get the full corpus',
  description: `Page through the full corpus export, premium bodies included (the counterpart of /api/corpus.full.jsonl). Needs a key of the corpus license or redistribution tier (api_key or the request's Authorization header); otherwise returns how to buy one. Or, where the operator sells pages with x402 \`upto\`, pay in \`_meta["x402/payment"]\`: at most the per-fetch price per record of \`limit\`, charged per premium record (the receipt's \`amount\`). ${pagingNote}`,
  inputSchema: input({ api_key: apiKeyArgument, cursor: cursorArgument, limit: limitArgument(50, 10) }),
  outputSchema: object(
    {
      access: { enum: ['granted', 'x402', 'payment_required'] },
      licensed: boolean('True when the key opens the export.'),
      payment: corpusLicenseRequired,
      x402Version: { const: 2, description: 'Present when the result is an x402 PaymentRequired.' },
      error: string('x402: why the page was not served.'),
      accepts: array(x402Accepts, 'x402: an `upto` offer; pay it in `_meta["x402/payment"]`.'),
      meta: document('Meta record.'),
      total: integer('Records.'),
      records: array(document('A resource record with its text.')),
      nextCursor,
    },
    ['access', 'licensed'],
  ),
  async run(args, context, meta = {}) {
    const key = await verifyKey((args.api_key as string | undefined) ?? context.requestKey, context.env);
    if (!key || !opensFullCorpus(key.tier)) {
      const metered = context.data.x402.meteredCorpus && (await meteredPage(args, context, meta));
      if (metered) return metered;
      return {
        structured: {
          access: 'payment_required',
          licensed: false,
          payment: corpusLicenseRequiredBody(context.data.payment),
        },
        summary: `The full corpus needs a corpus-license key. ${context.data.payment.how_to_pay_corpus}`,
      };
    }
    const result = await corpusPage(args, context, true);
    return {
      structured: { access: 'granted', licensed: true, ...result },
      summary: `${result.records.length} of ${result.total} full corpus records${result.nextCursor ? '; more with nextCursor' : ''}.`,
    };
  },
};
