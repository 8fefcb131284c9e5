import { isObject } from '../../shared/json-shapes.js';
import type { RequestNotes } from '../../shared/readers/reader-event.js';
import { feedbackPath } from '../../shared/routes.js';
import type { WorkerData } from '../../shared/worker-data.js';
import type { WorkerEnv } from '../env.js';
import { anyOrigin, preflight, readJsonBody } from '../open-route.js';
import { storeFeedback } from '../readers/store-feedback.js';
import { errorResponse, jsonResponse } from '../responses.js';

/** A feedback message is a few sentences: 16 KiB holds the longest comment in any encoding with room to spare. */
export const maxFeedbackBytes = 16 * 1024;
export const maxCommentCharacters = 2000;
const maxAgentCharacters = 200;
const maxPageCharacters = 2048;

const fields = ['page', 'rating', 'score', 'comment', 'agent'] as const;
const example = '{"page": "/resources/some-slug", "rating": "helpful", "comment": "..."}';

/** Feedback as posted, checked: the page as a path of this site. */
export interface FeedbackInput {
  page: string;
  rating: 'helpful' | 'not-helpful' | null;
  score: number | null;
  comment: string | null;
  agent: string | null;
}

type Checked = { ok: true; feedback: FeedbackInput } | { ok: false; error: string; message: string };

const refuse = (error: string, message: string): Checked => ({ ok: false, error, message });

/** The page as a path of this site: `/x`, or an absolute URL of the site's origin or the one asked. */
function pagePath(page: string, data: WorkerData, requestUrl: string): string | null {
  if (page.startsWith('/') && !page.startsWith('//')) return new URL(page, 'https://site.invalid').pathname;
  let url: URL;
  try {
    url = new URL(page);
  } catch {
    return null;
  }
  const origins = [new URL(data.site.url).origin, new URL(requestUrl).origin];
  return origins.includes(url.origin) ? url.pathname : null;
}

function optionalText(value: unknown, name: string, limit: number): string | null | Checked {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') return refuse('invalid_field', `\`${name}\` must be a string.`);
  if (value.length > limit) return refuse('invalid_field', `\`${name}\` is longer than ${limit} characters.`);
  return value;
}

/** Checks a posted body field by field; the first wrong field is named. */
export function checkFeedback(body: unknown, data: WorkerData, requestUrl: string): Checked {
  if (!isObject(body)) return refuse('invalid_field', `The body must be a JSON object such as ${example}.`);
  const given = body;
  const unknown = Object.keys(given).find((name) => !(fields as readonly string[]).includes(name));
  if (unknown !== undefined)
    return refuse(
      'unknown_field',
      `\`${unknown.slice(0, 100)}\` is not a feedback field; send ${fields.map((name) => `\`${name}\``).join(', ')}.`,
    );
  if (typeof given.page !== 'string' || !given.page)
    return refuse('invalid_field', '`page` is required: the URL or path of the page the feedback is about.');
  if (given.page.length > maxPageCharacters)
    return refuse('invalid_field', `\`page\` is longer than ${maxPageCharacters} characters.`);
  const page = pagePath(given.page, data, requestUrl);
  if (page === null)
    return refuse(
      'invalid_field',
      `\`page\` must be a path of this site ("/resources/...") or a URL of ${data.site.url}.`,
    );
  const { rating, score } = given;
  if (rating !== undefined && rating !== 'helpful' && rating !== 'not-helpful')
    return refuse('invalid_field', '`rating` must be "helpful" or "not-helpful".');
  if (score !== undefined && !(Number.isInteger(score) && (score as number) >= 1 && (score as number) <= 5))
    return refuse('invalid_field', '`score` must be an integer from 1 to 5.');
  if (rating === undefined && score === undefined)
    return refuse('invalid_field', '`rating` ("helpful" or "not-helpful") or `score` (1 to 5) is required.');
  const comment = optionalText(given.comment, 'comment', maxCommentCharacters);
  if (typeof comment === 'object' && comment !== null) return comment;
  const agent = optionalText(given.agent, 'agent', maxAgentCharacters);
  if (typeof agent === 'object' && agent !== null) return agent;
  return {
    ok: true,
    feedback: {
      page,
      rating:
        rating ??
        (score === undefined
          ? null
          : (score as number) >= 4
            ? 'helpful'
            : (score as number) <= 2
              ? 'not-helpful'
              : null),
      score: (score as number | undefined) ?? null,
      comment,
      agent,
    },
  };
}

/** POST /api/feedback: an agent's word on a page, stored in the readers database (README: Agent feedback). */
export async function feedbackRoute(
  request: Request,
  env: WorkerEnv,
  data: WorkerData,
  notes: RequestNotes,
): Promise<Response> {
  if (request.method === 'OPTIONS') return preflight('POST', 'Content-Type', 86400);
  if (request.method !== 'POST')
    return errorResponse(405, 'method_not_allowed', `POST a JSON body such as ${example} to ${feedbackPath}.`, {
      Allow: 'POST, OPTIONS',
      ...anyOrigin,
    });
  if (!/^application\/json\s*(;|$)/i.test(request.headers.get('content-type') ?? ''))
    return errorResponse(
      415,
      'unsupported_media_type',
      'Send the feedback as Content-Type: application/json.',
      anyOrigin,
    );
  const read = await readJsonBody(request, maxFeedbackBytes, `The body must be JSON, such as ${example}.`);
  if (!read.ok) return read.response;
  const checked = checkFeedback(read.body, data, request.url);
  if (!checked.ok) return errorResponse(422, checked.error, checked.message, anyOrigin);
  const stored = await storeFeedback(request, env, checked.feedback);
  notes.slug = checked.feedback.page;
  if (stored.kind === 'limited')
    return errorResponse(
      429,
      'too_many_requests',
      `This reader has sent ${stored.limit} feedback messages in the last hour; send more after ${stored.retryAfter} seconds.`,
      { ...anyOrigin, 'Retry-After': String(stored.retryAfter) },
    );
  // A database that is missing or failing loses the feedback, never the answer: the agent is told.
  if (stored.kind === 'lost')
    return jsonResponse(
      202,
      { received: true, stored: false, message: 'The feedback was received but could not be stored right now.' },
      anyOrigin,
    );
  return jsonResponse(201, { received: true, stored: true }, anyOrigin);
}
