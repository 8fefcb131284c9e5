import type { GraderNetwork } from '../grader/fetcher.js';
import { pinnedFetch } from './pinned-fetch.js';
import { resolveHostWith, systemLookup, type LookupAll } from './resolve-host.js';

/**
 * The grader's network on Node (`agentdir serve`, `agentdir grade`): the early check refuses names
 * that point inward before a request is counted, and the pinned fetch makes the check binding,
 * since a rebinding name may answer differently when the socket connects.
 */
export function nodeGraderNetwork(lookup: LookupAll = systemLookup): GraderNetwork {
  return { resolveHost: resolveHostWith(lookup), fetch: pinnedFetch({ lookup }) };
}
