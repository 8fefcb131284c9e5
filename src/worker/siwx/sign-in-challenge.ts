// Sign-In-With-X (the x402 `sign-in-with-x` extension, EIP-4361 messages signed with EIP-191): a
// wallet that paid for a premium resource proves it is that wallet and reads it again without
// paying, for `x402.reaccess_days` (README: Pay per fetch).
import type { X402PaymentRequiredV2 } from '../../schemas/types.js';

/** The request header that carries a proof: base64 of its JSON. */
export const signInHeader = 'sign-in-with-x';

/** How long a challenge, and a proof made from it, is good for. */
export const proofLifetimeMs = 5 * 60 * 1000;

export const signInStatement = 'Sign in to read again what this wallet paid for.';

type SignInExtension = NonNullable<NonNullable<X402PaymentRequiredV2['extensions']>['sign-in-with-x']>;

/** The `sign-in-with-x` extension of a version 2 PaymentRequired: what to sign, and on which chain. */
export function signInChallenge(resource: URL, network: string, now: number): SignInExtension {
  const uri = `${resource.origin}${resource.pathname}`;
  const nonce = Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
  return {
    info: {
      domain: resource.host,
      uri,
      version: '1',
      nonce,
      issuedAt: new Date(now).toISOString(),
      expirationTime: new Date(now + proofLifetimeMs).toISOString(),
      statement: signInStatement,
      resources: [uri],
    },
    supportedChains: [{ chainId: network, type: 'eip191' }],
  };
}
