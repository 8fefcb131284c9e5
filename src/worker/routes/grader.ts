import { objectOrEmpty } from '../../shared/json-shapes.js';
import { networkFetcher, type GraderNetwork } from '../../grader/fetcher.js';
import { gradeSite } from '../../grader/grade.js';
import { checkTarget } from '../../grader/target-guard.js';
import type { WorkerEnv } from '../env.js';
import { anyOrigin, preflight, readJsonBody } from '../open-route.js';
import { errorResponse, jsonResponse } from '../responses.js';

const maxBodyBytes = 10_000;

/** The host's network for the grader, if it passed one (Node does; Workers' own fetch needs none). Only functions are taken. */
function hostNetwork(env: WorkerEnv): GraderNetwork {
  const given = env.AGENTDIR_GRADER_NETWORK;
  return {
    ...(typeof given?.resolveHost === 'function' ? { resolveHost: given.resolveHost } : {}),
    ...(typeof given?.fetch === 'function' ? { fetch: given.fetch } : {}),
  };
}

/** POST /api/grader {"url": "https://..."}: grades another site. Bad input is refused before any fetch. */
export async function graderEndpoint(request: Request, env: WorkerEnv): Promise<Response> {
  if (request.method === 'OPTIONS') return preflight('POST', 'Content-Type');
  if (request.method !== 'POST')
    return errorResponse(405, 'method_not_allowed', 'POST a JSON body {"url": "https://your.site"}.', {
      Allow: 'POST, OPTIONS',
      ...anyOrigin,
    });
  const read = await readJsonBody(request, maxBodyBytes, 'The body must be JSON: {"url": "https://your.site"}.');
  if (!read.ok) return read.response;
  const { url } = objectOrEmpty(read.body);
  if (typeof url !== 'string' || !url) {
    return errorResponse(
      400,
      'missing_url',
      'The body needs `url`: the absolute http(s) URL of the site to grade.',
      anyOrigin,
    );
  }
  const target = checkTarget(url);
  if (!target.ok)
    return errorResponse(400, 'forbidden_target', `Cannot grade ${url.slice(0, 200)}: ${target.reason}.`, anyOrigin);
  const report = await gradeSite(target.url.href, networkFetcher({ allowPrivate: false, ...hostNetwork(env) }));
  return jsonResponse(200, report, anyOrigin);
}
