-- The ledger of what readers paid: one row per payment the facilitator settled, written after the
-- answer like the reader events. Kept past the readers' retention (it is an account, not a log of
-- reading); the payer is the wallet address the settlement names, already public on its chain.

CREATE TABLE IF NOT EXISTS payments (
  id INTEGER PRIMARY KEY,
  -- Milliseconds since 1970 (UTC) and the UTC day, YYYY-MM-DD.
  at INTEGER NOT NULL,
  day TEXT NOT NULL,
  -- How it was paid: 'x402' (and later rails), with the x402 version and scheme ('exact').
  rail TEXT NOT NULL,
  x402_version INTEGER,
  scheme TEXT NOT NULL,
  -- The network as the offer names it: 'base' in version 1, 'eip155:8453' in version 2.
  network TEXT NOT NULL,
  -- The asset's contract address, and the amount in its atomic units, as text (it may pass 2^53).
  asset TEXT NOT NULL,
  amount TEXT NOT NULL,
  -- Addresses compare in any letter case: a wallet is the same whether checksummed or not.
  payer TEXT COLLATE NOCASE,
  slug TEXT NOT NULL,
  -- The settlement's transaction id (the receipt's `transaction`).
  transaction_id TEXT,
  -- Where it was paid: 'http' (/api/x402/<slug>) or 'mcp' (a paid tool call).
  channel TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS payments_at ON payments (at);
CREATE INDEX IF NOT EXISTS payments_payer_slug ON payments (payer, slug);
