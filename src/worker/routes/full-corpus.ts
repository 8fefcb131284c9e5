import { opensFullCorpus } from '../../shared/key-hash.js';
import type { RequestNotes } from '../../shared/readers/reader-event.js';
import { freeCorpusPath } from '../../shared/routes.js';
import type { WorkerData } from '../../shared/worker-data.js';
import { presentedKey, verifyKey } from '../access-keys.js';
import { bearerChallenge, keyRefusal } from '../bearer-challenge.js';
import type { WorkerEnv } from '../env.js';
import { corpusLicenseRequired } from '../payment-required.js';
import { errorResponse } from '../responses.js';

/**
 * The keyed full export: the free export streamed from the static assets, its meta line swapped
 * for the full one and each premium line for the record with its body. Nothing is held whole.
 */
export async function fullCorpus(
  request: Request,
  env: WorkerEnv,
  data: WorkerData,
  notes: RequestNotes = {},
): Promise<Response> {
  const presented = presentedKey(request.headers);
  const key = await verifyKey(presented, env);
  Object.assign(
    notes,
    key && opensFullCorpus(key.tier) ? { access: 'key', keyTier: key.tier } : { access: 'payment-required' },
  );
  if (!key || !opensFullCorpus(key.tier))
    return corpusLicenseRequired(data.payment, bearerChallenge(data.site.url, keyRefusal(presented, key)));
  if (!env.ASSETS)
    return errorResponse(
      503,
      'assets_unavailable',
      'The full export is composed from the static assets, and this deployment has no ASSETS binding.',
    );
  const free = await env.ASSETS.fetch(new Request(new URL(freeCorpusPath, request.url)));
  if (!free.ok || !free.body)
    return errorResponse(
      502,
      'corpus_unavailable',
      `The free export answered ${free.status}; the full export cannot be composed.`,
    );
  const headers = {
    'Content-Type': 'application/x-ndjson',
    'Cache-Control': 'private, no-store',
    Vary: 'Authorization, x-api-key',
  };
  if (request.method === 'HEAD') {
    await free.body.cancel();
    return new Response(null, { status: 200, headers });
  }
  return new Response(
    free.body.pipeThrough(new TextDecoderStream()).pipeThrough(fullRecords(data)).pipeThrough(new TextEncoderStream()),
    { status: 200, headers },
  );
}

/** Splits the stream into lines and replaces the meta line and every premium line. */
function fullRecords(data: WorkerData): TransformStream<string, string> {
  let pending = '';
  let first = true;
  const replace = (line: string): string => {
    if (first) {
      first = false;
      return data.fullCorpusMeta;
    }
    const slug = /"slug":"([a-z0-9-]+)"/.exec(line)?.[1];
    return (slug && data.premium[slug]?.corpusRecord) || line;
  };
  return new TransformStream<string, string>({
    transform(chunk, controller) {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop()!;
      if (lines.length) controller.enqueue(lines.map((line) => `${replace(line)}\n`).join(''));
    },
    flush(controller) {
      if (pending) controller.enqueue(`${replace(pending)}\n`);
    },
  });
}
