import type { GraderNetwork } from '../grader/fetcher.js';
import type { ReadersDatabase } from '../shared/readers/database.js';

/** The minimal KV surface the worker uses, so no platform type package is needed. */
export interface KeyValueStore {
  get(key: string, type: 'json'): Promise<unknown>;
}

/** A static-asset binding: Cloudflare's `ASSETS`, or the adapter `agentdir serve` provides. */
export interface AssetFetcher {
  fetch(request: Request | string | URL, init?: RequestInit): Promise<Response>;
}

export interface WorkerEnv {
  /** Key hashes as JSON: `{ "keys": [{ id, hash, tier, revoked? }] }` (from `agentdir keys export`). */
  AGENTDIR_KEYS?: string;
  /** Alternative key store: hash -> `{ id, tier, revoked? }`. */
  AGENTDIR_KEYS_KV?: KeyValueStore;
  ASSETS?: AssetFetcher;
  X402_FACILITATOR_URL?: string;
  X402_PAY_TO?: string;
  X402_NETWORK?: string;
  X402_ASSET?: string;
  /** The grader's resolver and address-pinned fetch, where the platform needs them: `agentdir serve` passes Node's. */
  AGENTDIR_GRADER_NETWORK?: GraderNetwork;
  /** The readers database: Cloudflare D1, or the SQLite file `agentdir serve` keeps. Absent: nothing is recorded. */
  AGENTDIR_DB?: ReadersDatabase;
  /** Origins whose Web Bot Auth key directories may be fetched though not public https (local development). */
  AGENTDIR_SIGNATURE_DIRECTORIES?: string;
}

export interface ExecutionContextLike {
  waitUntil?(promise: Promise<unknown>): void;
}
