-- Sign-In-With-X proofs already used to read a premium resource again without paying (README: Pay
-- per fetch): each proof is good once, so a copied header cannot be replayed. A proof is only
-- accepted minutes after it was made, so each new claim deletes the claims of the day before.

CREATE TABLE IF NOT EXISTS reaccess_nonces (
  nonce TEXT PRIMARY KEY,
  -- Milliseconds since 1970 (UTC) when the proof was used.
  at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS reaccess_nonces_at ON reaccess_nonces (at);
