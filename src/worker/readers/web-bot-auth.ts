// Web Bot Auth (draft-meunier-web-bot-auth-architecture): a bot signs each request with HTTP
// Message Signatures (RFC 9421) and names, in `Signature-Agent`, the origin whose key directory
// holds its public key. A verified signature proves who sent the request, whatever its user agent
// says. The signature itself is checked by the `web-bot-auth` package; this module finds the key
// and says why a request is not verified, never by throwing.
import { type VerificationParams, verify } from 'web-bot-auth';
import { verifierFromJWK } from 'web-bot-auth/crypto';
import type { GraderNetwork } from '../../grader/fetcher.js';
import { isIpLiteral } from '../../grader/special-addresses.js';
import { checkTarget } from '../../grader/target-guard.js';
import { KeyDirectoryCache } from './key-directory.js';

export type SignedAgentCheck = { verified: true; signer: string; keyid: string } | { verified: false; reason: string };

export interface SignedAgentOptions {
  /**
   * Origins whose key directories may be fetched though they are plain http or private
   * (`AGENTDIR_SIGNATURE_DIRECTORIES`, read by `trustedSignatureOrigins`); every other signer's
   * directory must be on an https public host name.
   */
  trustedOrigins?: readonly string[];
  /** The host's resolver and address-pinned fetch (`AGENTDIR_GRADER_NETWORK` under `agentdir serve`). */
  network?: GraderNetwork;
  /** Where fetched keys are kept; one per isolate unless a caller brings its own. */
  directories?: KeyDirectoryCache;
}

/** The longest signature header read; a real one is a few hundred bytes. */
const maxHeaderLength = 4096;

const isolateDirectories = new KeyDirectoryCache();

/** The origins of `AGENTDIR_SIGNATURE_DIRECTORIES`: comma-separated, anything that is not a URL ignored. */
export function trustedSignatureOrigins(value: unknown): string[] {
  if (typeof value !== 'string') return [];
  const origins: string[] = [];
  for (const part of value.split(',')) {
    const origin = originOf(part.trim());
    if (origin) origins.push(origin);
  }
  return origins;
}

/** Who runs a verified signer, as the readers database names operators: its host without `www.`. */
export function signerOperator(signer: string): string {
  return new URL(signer).hostname.replace(/^www\./, '');
}

/** Checks a request's Web Bot Auth signature against the key directory its `Signature-Agent` names. */
export async function verifySignedAgent(request: Request, options: SignedAgentOptions = {}): Promise<SignedAgentCheck> {
  try {
    return await check(request, options);
  } catch (error) {
    return {
      verified: false,
      reason: `the signature could not be checked: ${String((error as Error)?.message ?? error)}`,
    };
  }
}

async function check(request: Request, options: SignedAgentOptions): Promise<SignedAgentCheck> {
  const input = request.headers.get('signature-input');
  const signature = request.headers.get('signature');
  const agent = request.headers.get('signature-agent');
  if (!input || !signature) return refused('the request is not signed');
  if (!agent) return refused('the request has no `Signature-Agent`: nothing names the signer');
  if (input.length > maxHeaderLength || signature.length > maxHeaderLength || agent.length > maxHeaderLength)
    return refused('a signature header is too long');

  // Checked before any fetch, so an unfit signature never makes the worker fetch a directory.
  const parsed = /^\s*([a-z*][a-z0-9_.*-]*)=\(([^)]*)\)([^,]*)$/.exec(input);
  if (!parsed) return refused('`Signature-Input` does not hold exactly one signature');
  const [, label, components, params] = parsed as unknown as [string, string, string, string];
  const covered = components.split(/\s+/).map((component) => component.replace(/;.*$/, ''));
  if (!covered.includes('"@authority"') || !covered.includes('"signature-agent"'))
    return refused('the signature does not cover `@authority` and `signature-agent`');
  if (!/;tag="web-bot-auth"/.test(params)) return refused('the signature is not tagged `web-bot-auth`');
  const created = Number(/;created=(\d{1,12})(?:;|$)/.exec(params)?.[1]);
  const expires = Number(/;expires=(\d{1,12})(?:;|$)/.exec(params)?.[1]);
  const now = Date.now() / 1000;
  if (!created || !expires) return refused('the signature has no `created` and `expires`');
  if (expires < now) return refused('the signature has expired');
  if (created > now + 60) return refused('the signature is created in the future');

  const signer = signerOrigin(agent, label);
  if (!signer) return refused('`Signature-Agent` is not a URL');
  const trusted = (options.trustedOrigins ?? []).includes(signer);
  if (!trusted) {
    const { protocol, hostname } = new URL(signer);
    if (protocol !== 'https:') return refused(`the signer ${signer} is not https`);
    if (isIpLiteral(hostname.replace(/^\[|\]$/g, ''))) return refused(`the signer ${signer} is not a host name`);
    const target = checkTarget(signer);
    if (!target.ok) return refused(`the signer ${signer} is not fetched: ${target.reason}`);
  }

  const directory = await (options.directories ?? isolateDirectories).keys(signer, {
    trusted,
    ...(options.network ? { network: options.network } : {}),
  });
  if (!directory.ok) return refused(directory.reason);
  let keyid = '';
  try {
    await verify(request, async (data: string, bytes: Uint8Array, verification: VerificationParams) => {
      const jwk = directory.keys.get(verification.keyid);
      if (!jwk) throw new Error(`the key ${verification.keyid} is not in ${signer}'s directory`);
      await (await verifierFromJWK(jwk))(data, bytes, verification);
      keyid = verification.keyid;
    });
  } catch (error) {
    return refused(String((error as Error)?.message ?? error).slice(0, 300));
  }
  return { verified: true, signer, keyid };
}

function refused(reason: string): SignedAgentCheck {
  return { verified: false, reason };
}

/**
 * The signer's origin from `Signature-Agent`: a dictionary whose member under the signature's
 * label is the signer (`sig1="https://signer.example"`), as the current drafts write it, or one
 * string (`"https://signer.example"`), as earlier ones did.
 */
function signerOrigin(header: string, label: string): string | null {
  const value = header.trim();
  const single = /^"((?:[^"\\]|\\.)*)"$/.exec(value);
  if (single) return originOf(unescaped(single[1]!));
  for (const member of value.matchAll(/(?:^|,)\s*([a-z*][a-z0-9_.*-]*)\s*=\s*"((?:[^"\\]|\\.)*)"\s*(?=,|$)/g))
    if (member[1] === label) return originOf(unescaped(member[2]!));
  return null;
}

function unescaped(text: string): string {
  return text.replace(/\\(.)/g, '$1');
}

function originOf(text: string): string | null {
  try {
    const url = new URL(text);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    if (url.username || url.password) return null;
    return url.origin;
  } catch {
    return null;
  }
}
