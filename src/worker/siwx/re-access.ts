import type { ReadersDatabase } from '../../shared/readers/database.js';
import { claimNonce, paidSince } from '../../shared/readers/statements.js';
import { decodeBase64Json } from '../x402/base64-json.js';
import { maxPaymentHeaderBytes } from '../x402/presented-payment.js';
import { proofLifetimeMs, signInHeader } from './sign-in-challenge.js';
import { type SignInFields, siweMessage } from './siwe-message.js';

export type ReAccess =
  | { kind: 'none' }
  /** The proof holds: this wallet paid for the resource within the re-access period. */
  | { kind: 'granted'; wallet: string }
  | { kind: 'refused'; reason: string; wallet?: string };

/** A proof is refused when it claims a time more than this far ahead of the worker's clock. */
const clockSkewMs = 60 * 1000;
const dayMs = 86_400_000;

/**
 * Checks the `sign-in-with-x` proof a request carries for `resource` (its URL as requested): made
 * for this host, this resource and this network, fresh, never used before, signed by the wallet it
 * names (an EIP-191 signature of its EIP-4361 message), and that wallet paid for `slug` in the last
 * `reaccessDays` days, as the payments ledger says.
 */
export async function checkReAccess(
  headers: Headers,
  {
    resource,
    network,
    slug,
    reaccessDays,
    db,
    now,
  }: {
    resource: URL;
    network: string;
    slug: string;
    reaccessDays: number;
    db: ReadersDatabase | undefined;
    now: number;
  },
): Promise<ReAccess> {
  const header = headers.get(signInHeader);
  if (header === null) return { kind: 'none' };
  const refused = (why: string, wallet?: string): ReAccess => ({
    kind: 'refused',
    reason: `invalid_siwx: ${why}`,
    ...(wallet ? { wallet } : {}),
  });
  if (reaccessDays === 0 || !db) return refused('this site does not offer re-access with Sign-In-With-X');
  if (header.length > maxPaymentHeaderBytes) return refused(`the proof is over ${maxPaymentHeaderBytes} bytes`);
  const proof = decodeBase64Json(header);
  if (typeof proof === 'string') return refused(`${signInHeader} must be base64 of a proof's JSON; ${proof}`);
  const fields = proofFields(proof);
  if (typeof fields === 'string') return refused(fields);
  const uri = `${resource.origin}${resource.pathname}`;
  if (fields.domain !== resource.host || fields.uri !== uri)
    return refused(`the proof was made for ${fields.uri} on ${fields.domain}, not ${uri}`);
  if (fields.chainId !== network || proof.type !== 'eip191')
    return refused(`this site takes eip191 proofs on ${network}`);
  const issued = Date.parse(fields.issuedAt);
  if (!(issued > now - proofLifetimeMs && issued < now + clockSkewMs))
    return refused('the proof is not fresh: sign a new challenge');
  if (fields.expirationTime && !(Date.parse(fields.expirationTime) > now)) return refused('the proof has expired');
  if (fields.notBefore && !(Date.parse(fields.notBefore) <= now + clockSkewMs))
    return refused('the proof is not valid yet');
  const { recoverSigner } = await import('./recover-signer.js');
  const signer = recoverSigner(siweMessage(fields), String(proof.signature));
  if (signer !== fields.address.toLowerCase()) return refused('the signature is not the named wallet’s');
  if (!(await claimNonce(db, fields.nonce, now))) return refused('this proof was used already: sign a new challenge');
  if (!(await paidSince(db, fields.address, slug, now - reaccessDays * dayMs)))
    return refused(`this wallet has not paid for ${slug} in the last ${reaccessDays} days`, fields.address);
  return { kind: 'granted', wallet: fields.address };
}

const stringFields = ['domain', 'address', 'uri', 'version', 'chainId', 'nonce', 'issuedAt'] as const;
const optionalStrings = ['statement', 'expirationTime', 'notBefore', 'requestId'] as const;

/** The signed fields of a decoded proof, or what is wrong with them. */
function proofFields(proof: Record<string, unknown>): SignInFields | string {
  const missing = stringFields.find((field) => typeof proof[field] !== 'string');
  if (missing) return `the proof has no ${missing}`;
  if (optionalStrings.some((field) => proof[field] !== undefined && typeof proof[field] !== 'string'))
    return `the proof's ${optionalStrings.join(', ')} must be strings when given`;
  const { resources } = proof;
  if (resources !== undefined && !(Array.isArray(resources) && resources.every((each) => typeof each === 'string')))
    return "the proof's resources must be a list of URIs";
  if (!/^0x[0-9a-fA-F]{40}$/.test(String(proof.address))) return 'the proof names no EVM address';
  if (!/^[A-Za-z0-9]{8,64}$/.test(String(proof.nonce))) return 'the proof has no usable nonce';
  if (proof.version !== '1') return 'the proof is not a version 1 message';
  return proof as unknown as SignInFields;
}
