import { recordFeedback } from '../../shared/readers/statements.js';
import type { WorkerEnv } from '../env.js';
import type { FeedbackInput } from '../routes/feedback.js';
import { boundedHeader } from './event-fields.js';
import { dayOf, readerOf } from './reader-of.js';

/** How many feedback messages one reader may send in a window of an hour. */
export const feedbackPerReaderPerHour = 20;
const windowMs = 60 * 60 * 1000;

export type StoredFeedback =
  | { kind: 'stored' }
  | { kind: 'limited'; limit: number; retryAfter: number }
  | { kind: 'lost' };

/** Stores checked feedback, within the reader's hourly limit; a missing or failing database loses it, never throws. */
export async function storeFeedback(
  request: Request,
  env: WorkerEnv,
  feedback: FeedbackInput,
): Promise<StoredFeedback> {
  const db = env.AGENTDIR_DB;
  if (!db) return { kind: 'lost' };
  const at = Date.now();
  try {
    const reader = await readerOf(db, request, at);
    const stored = await recordFeedback(
      db,
      {
        at,
        day: dayOf(at),
        reader,
        ...feedback,
        userAgent: boundedHeader(request.headers.get('user-agent')),
      },
      { perReaderLimit: feedbackPerReaderPerHour, windowMs },
    );
    return stored
      ? { kind: 'stored' }
      : { kind: 'limited', limit: feedbackPerReaderPerHour, retryAfter: windowMs / 1000 };
  } catch {
    return { kind: 'lost' };
  }
}
