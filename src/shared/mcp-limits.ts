// The limits of the MCP endpoint: the worker enforces them and the directory's skill states them
// to agents, so both read the one value.

/**
 * The largest message (or batch) read: 256 KiB. The largest call of this server, a tools/call with an
 * x402 payment in `_meta`, is a few kilobytes, so a full batch of them fits; parsed, even the most
 * object-dense JSON of this size stays within a few megabytes of a 128 MB isolate.
 */
export const maxBodyBytes = 256 * 1024;

/** Messages one batch may hold: each can be a corpus page, so a batch multiplies the work of one request. */
export const maxBatchItems = 32;

/**
 * The most one answer of POST /mcp may be, a single message's or a whole batch's, in characters of
 * JSON (bytes, for ASCII text): 4 MiB. Held as a string of two-byte characters and encoded beside
 * it, that is under 16 MB of a 128 MB isolate; it is eight times the largest answer of the default
 * site (a 50-record get_corpus page, about half a megabyte).
 */
export const maxAnswerBytes = 4 * 1024 * 1024;

/** What a refused client is told to wait: answers are made and sent in milliseconds, so room frees quickly. */
export const retryAfterSeconds = 1;
