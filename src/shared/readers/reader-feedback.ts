// One row of `reader_feedback` (migrations/0001_agent_readers.sql): what an agent said about a page.

export type FeedbackRating = 'helpful' | 'not-helpful';

export interface ReaderFeedback {
  at: number;
  day: string;
  /** The reader hash of the sender (the per-reader limit counts by it). */
  reader: string | null;
  /** A path of this site ('/resources/x'). */
  page: string;
  rating: FeedbackRating | null;
  /** 1-5, when the agent gave a score. */
  score: number | null;
  comment: string | null;
  agent: string | null;
  userAgent: string | null;
}
