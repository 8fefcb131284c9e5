import type { ReaderEvent, RequestNotes } from '../../shared/readers/reader-event.js';
import { pruneReaders, recordEvent, recordPayment } from '../../shared/readers/statements.js';
import type { WorkerData } from '../../shared/worker-data.js';
import type { WorkerEnv } from '../env.js';
import { type CompiledAgentPatterns, compileAgentPatterns } from './agent-matcher.js';
import { classifyReader, type VerifiedSigner } from './classify-reader.js';
import { boundedHeader, formatOf, maxStoredCharacters } from './event-fields.js';
import { dayOf, readerOf } from './reader-of.js';
import { signerOperator, trustedSignatureOrigins, verifySignedAgent } from './web-bot-auth.js';

/** What one answered request leaves to be recorded after its answer has gone. */
export interface AnsweredRequest {
  request: Request;
  response: Response;
  notes: RequestNotes;
  at: number;
}

// Per isolate: the crawler list compiled once, and the day old rows were last pruned.
let compiled: { from: WorkerData['readers']['agents']; patterns: CompiledAgentPatterns } | null = null;
let prunedOn = '';

function patternsOf(data: WorkerData): CompiledAgentPatterns {
  if (compiled?.from !== data.readers.agents)
    compiled = { from: data.readers.agents, patterns: compileAgentPatterns(data.readers.agents) };
  return compiled.patterns;
}

/** The signer of a request with a Web Bot Auth signature, when its key directory confirms it. */
async function verifiedSigner(request: Request, env: WorkerEnv): Promise<VerifiedSigner | null> {
  if (!request.headers.has('signature') || !request.headers.has('signature-input')) return null;
  const result = await verifySignedAgent(request, {
    trustedOrigins: trustedSignatureOrigins(env.AGENTDIR_SIGNATURE_DIRECTORIES),
    ...(env.AGENTDIR_GRADER_NETWORK ? { network: env.AGENTDIR_GRADER_NETWORK } : {}),
  });
  return result.verified ? { operator: signerOperator(result.signer) } : null;
}

/**
 * Records one answered request in the readers database (README: Know your agent readers), and each
 * payment it settled in the payments ledger. Runs after the answer (the platform's waitUntil): a
 * missing, full or failing database loses the rows, never the answer, and nothing from the request
 * reaches SQL but as a bound parameter.
 */
export async function recordRequest(env: WorkerEnv, data: WorkerData, answered: AnsweredRequest): Promise<void> {
  const db = env.AGENTDIR_DB;
  const { request, response, notes, at } = answered;
  if (!db || request.method === 'OPTIONS') return;
  // First, and apart from the event: a payment stays in the ledger even if the event cannot be kept,
  // and even when readers are not recorded (re-access with Sign-In-With-X reads the ledger).
  for (const payment of notes.payments ?? [])
    await recordPayment(db, { at, day: dayOf(at), ...payment }).catch(() => {
      // Lost from the ledger; the settlement itself stands on its chain.
    });
  if (data.readers.record === 'off') return;
  try {
    const url = new URL(request.url);
    const identity = classifyReader(request.headers, patternsOf(data), await verifiedSigner(request, env));
    const event: ReaderEvent = {
      at,
      day: dayOf(at),
      reader: await readerOf(db, request, at),
      ...identity,
      userAgent: boundedHeader(request.headers.get('user-agent')),
      method: request.method,
      path: url.pathname.slice(0, maxStoredCharacters),
      format: formatOf(url.pathname, response.headers.get('content-type')),
      status: response.status,
      ...notes,
      access: notes.access ?? (response.status === 402 ? 'payment-required' : 'free'),
      ...(notes.query === undefined ? {} : { query: notes.query.slice(0, maxStoredCharacters) }),
    };
    await recordEvent(db, event);
    const day = dayOf(at);
    if (prunedOn !== day) {
      prunedOn = day;
      await pruneReaders(db, { before: at - data.readers.retentionDays * 24 * 60 * 60 * 1000 });
    }
  } catch {
    // The event is lost; the reader already has its answer.
  }
}
