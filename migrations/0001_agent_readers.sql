-- What agentdir's worker records about its readers: one row per request it answers, agents'
-- feedback, and the daily salts that make reader hashes unlinkable across days. The same file is
-- applied to Cloudflare D1 (`wrangler d1 migrations apply AGENTDIR_DB`) and to the SQLite file
-- `agentdir serve` keeps (.agentdir/readers.sqlite). No raw address is ever stored.

CREATE TABLE IF NOT EXISTS reader_events (
  id INTEGER PRIMARY KEY,
  -- Milliseconds since 1970 (UTC) and the UTC day, YYYY-MM-DD, for grouping by day.
  at INTEGER NOT NULL,
  day TEXT NOT NULL,
  -- Keyed hash of address and user agent with the day's salt: counts distinct readers within a day.
  reader TEXT,
  -- Who read: a name from the crawler list ('GPTBot'), 'Browser', or 'Unidentified agent'.
  agent TEXT NOT NULL,
  -- Who runs it: the crawler list entry's site ('openai.com'), or the verified signer's host.
  operator TEXT,
  -- 'ai-agent', 'crawler', 'browser' or 'unknown'.
  kind TEXT NOT NULL,
  -- 1 when a Web Bot Auth signature was verified against the signer's key directory.
  verified INTEGER NOT NULL DEFAULT 0,
  user_agent TEXT,
  method TEXT NOT NULL,
  path TEXT NOT NULL,
  -- 'html', 'markdown', 'json', 'ndjson', 'llms-txt', 'mcp', 'text' or 'other'.
  format TEXT NOT NULL,
  status INTEGER NOT NULL,
  mcp_method TEXT,
  tool TEXT,
  query TEXT,
  results INTEGER,
  -- 'free', 'payment-required', 'key', 'x402' or 'refused'.
  access TEXT NOT NULL,
  key_tier TEXT,
  x402_version INTEGER,
  -- Paid amount in the asset's atomic units, as text (it may pass 2^53), and its asset/currency.
  amount TEXT,
  currency TEXT,
  slug TEXT
);
CREATE INDEX IF NOT EXISTS reader_events_at ON reader_events (at);

CREATE TABLE IF NOT EXISTS reader_feedback (
  id INTEGER PRIMARY KEY,
  at INTEGER NOT NULL,
  day TEXT NOT NULL,
  reader TEXT,
  -- The page the feedback is about, as a path of this site ('/resources/x').
  page TEXT NOT NULL,
  -- 'helpful' or 'not-helpful' (from either `rating` or a score: 4-5 helpful, 1-2 not).
  rating TEXT,
  score INTEGER,
  comment TEXT,
  agent TEXT,
  user_agent TEXT
);
CREATE INDEX IF NOT EXISTS reader_feedback_reader_at ON reader_feedback (reader, at);
CREATE INDEX IF NOT EXISTS reader_feedback_at ON reader_feedback (at);

CREATE TABLE IF NOT EXISTS reader_salts (
  day TEXT PRIMARY KEY,
  salt TEXT NOT NULL
);
