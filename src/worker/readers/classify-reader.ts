// Names the reader of a request for the readers database: who it is (`agent`), who runs it, what
// kind of reader it is, and whether a signature proved it. Nothing a request sends becomes a
// name: names come from the crawler list, the verified signer's host, or the two fixed names below.
import type { AgentPattern } from '../../shared/readers/agent-pattern.js';
import type { ReaderIdentity } from '../../shared/readers/reader-event.js';
import { type CompiledAgentPatterns, compileAgentPatterns, userAgentReadLength } from './agent-matcher.js';

export const browserAgent = 'Browser';
export const unidentifiedAgent = 'Unidentified agent';

/** A signer whose Web Bot Auth signature was verified (web-bot-auth.ts): its host. */
export interface VerifiedSigner {
  operator: string;
}

/**
 * What a browser's user agent looks like: Mozilla/5.0 and its platform, then Gecko with Firefox
 * or WebKit with Safari (Chrome, Edge, Safari and Opera all end in `Safari/`).
 */
const browserUserAgent = /^Mozilla\/5\.0 \([^)]*\) (?:Gecko\/\d+ .*Firefox\/\d|AppleWebKit\/\d.*Safari\/\d)/;

/**
 * In order: a verified Web Bot Auth signer (named from the crawler list when its user agent is
 * in it, else by its host; a signed reader the list does not know is an AI agent, since signing
 * agents such as ChatGPT's send a browser's user agent), then the crawler list, then fetch
 * metadata: every current browser sends `Sec-Fetch-Mode` and `Sec-Fetch-Dest` to an https or
 * local origin, and HTTP libraries, SDKs and coding agents do not, whatever user agent they
 * claim (Node's fetch sends `Sec-Fetch-Mode: cors` alone, so both are needed).
 */
export function classifyReader(
  headers: Headers,
  patterns: CompiledAgentPatterns | readonly AgentPattern[],
  signer?: VerifiedSigner | null,
): ReaderIdentity {
  const matcher = Array.isArray(patterns)
    ? compileAgentPatterns(patterns as readonly AgentPattern[])
    : (patterns as CompiledAgentPatterns);
  const userAgent = (headers.get('user-agent') ?? '').slice(0, userAgentReadLength);
  const listed = matcher.match(userAgent);
  if (signer) {
    const operator = signer.operator.slice(0, 253);
    return { agent: listed?.name ?? operator, operator, kind: listed?.kind ?? 'ai-agent', verified: true };
  }
  if (listed) return { agent: listed.name, operator: listed.operator, kind: listed.kind, verified: false };
  const fetchMetadata = headers.has('sec-fetch-mode') && headers.has('sec-fetch-dest');
  if (fetchMetadata && browserUserAgent.test(userAgent))
    return { agent: browserAgent, operator: null, kind: 'browser', verified: false };
  return { agent: unidentifiedAgent, operator: null, kind: 'unknown', verified: false };
}
