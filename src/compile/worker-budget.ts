/**
 * The most minified code (without the site's data) the worker may have. It started at 64 KiB; the
 * browser paywall took it to 80, and x402 version 2 beside version 1 (its headers, the check of the
 * accepted offer, paid MCP calls) to 92, full-text search (its query engine, a Porter stemmer and
 * an English stop-word list) and the bound on answers held at once to 104, and the grader's checks of
 * the five discovery doors (ARD, the agent card, server.json, agent skills, WebMCP) to 112, and
 * knowing its readers (recording into D1, naming readers by the crawler list, verifying Web Bot
 * Auth signatures with the web-bot-auth package and its structured-headers parser, about 12 KiB of
 * the 26 it took, and agents' feedback) to 140, the Machine Payments Protocol's charge beside x402
 * (its challenge, credential and receipt; the facilitator does the cryptography) to 142, Permit2
 * beside EIP-3009 with metered reads with x402 `upto` (an upto offer for pages of the full corpus,
 * asking the facilitator for its signer, settling what was used) to 147, and re-access with
 * Sign-In-With-X (the challenge, the proof's checks, the EIP-4361 message, the ledger lookup) to
 * 151; the signature recovery re-access needs (elliptic-curve code, about 36 KiB) is a module of
 * its own, loaded on the first proof an isolate checks, and does not count here. Still small beside
 * Cloudflare's script size limit of megabytes.
 */
export const workerCodeBudget = 151 * 1024;
