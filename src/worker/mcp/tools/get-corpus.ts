import { opensFullCorpus } from '../../../shared/key-hash.js';
import { verifyKey } from '../../access-keys.js';
import { corpusLicenseRequiredBody } from '../../payment-required.js';
import {
  apiKeyArgument,
  array,
  boolean,
  cursorArgument,
  input,
  integer,
  limitArgument,
  object,
} from '../json-schema.js';
import { document, nextCursor } from '../output-schemas.js';
import { corpusLicenseRequired } from '../schema-parts.js';
import { decodeCursor, page } from '../pagination.js';
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

async function corpusPage(args: Record<string, unknown>, context: ToolContext, full: boolean) {
  const offset = decodeCursor(args.cursor as string | undefined);
  if (offset === null)
    throw new ToolArgumentError('`cursor` is not a cursor this server issued; omit it to start from the first page.');
  const [meta, ...records] = await context.site.ndjson<CorpusRecord>(publicPaths.corpusJsonl);
  const withBodies = full
    ? records.map((record) =>
        record.type === 'resource' && context.data.premium[record.slug]
          ? (JSON.parse(context.data.premium[record.slug]!.corpusRecord) as CorpusRecord)
          : record,
      )
    : records;
  const { items, nextCursor: next } = page(withBodies, offset, (args.limit as number | undefined) ?? 10);
  return {
    meta: full ? (JSON.parse(context.data.fullCorpusMeta) as CorpusRecord) : meta!,
    total: records.length,
    records: items,
    ...(next ? { nextCursor: next } : {}),
  };
}

export const getCorpus: Tool = {
  name: 'get_corpus',
  title: 'Get the free corpus',
  description:
    'Page through the free corpus export: every resource with metadata and its Markdown body in `text`; premium bodies are null with a `premium_summary`. Same records as /api/corpus.jsonl.',
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

export const getFullCorpus: Tool = {
  name: 'get_full_corpus',
  title: 'Get the full corpus',
  description:
    "Page through the full corpus export, premium bodies included (the counterpart of /api/corpus.full.jsonl). Needs a key of the corpus license or redistribution tier (api_key or the request's Authorization header); otherwise returns how to buy one.",
  inputSchema: input({ api_key: apiKeyArgument, cursor: cursorArgument, limit: limitArgument(50, 10) }),
  outputSchema: object(
    {
      access: { enum: ['granted', 'payment_required'] },
      licensed: boolean('True when the key opens the export.'),
      payment: corpusLicenseRequired,
      meta: document('Meta record.'),
      total: integer('Records.'),
      records: array(document('A resource record with its text.')),
      nextCursor,
    },
    ['access', 'licensed'],
  ),
  async run(args, context) {
    const key = await verifyKey((args.api_key as string | undefined) ?? context.requestKey, context.env);
    if (!key || !opensFullCorpus(key.tier)) {
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
