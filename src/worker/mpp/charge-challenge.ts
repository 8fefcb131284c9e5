// The Machine Payments Protocol's `Payment` HTTP authentication scheme (`WWW-Authenticate: Payment`,
// `Authorization: Payment`, `Payment-Receipt`) with its `evm` method's `charge` intent: the buyer
// signs the same EIP-3009 transfer authorization as an x402 `exact` payment, so the x402
// facilitator verifies and settles it. See the README's "Pay per fetch" section.
import { networks } from '../../shared/x402-networks.js';
import { decodeBase64Json, encodeBase64 } from '../x402/base64-json.js';
import type { PaymentRequirementsV2 } from '../x402/requirements.js';

/** A challenge as the scheme's parameters name it; `request` is base64url of the JCS JSON of the charge. */
export interface ChargeChallenge {
  id: string;
  realm: string;
  method: 'evm';
  intent: 'charge';
  request: string;
  expires: string;
  /**
   * base64url JSON naming the resource sold, so a credential made for one cannot pay for another,
   * with a random salt: the client derives its authorization's nonce from the id, so no two
   * challenges may share one (a second purchase would be refused as a replay of the first).
   */
  opaque: string;
}

const base64urlJson = (value: unknown) => encodeBase64(new TextEncoder().encode(JSON.stringify(value)), true);

/**
 * The charge of an offer: the x402 version 2 requirements' amount, token and wallet. Keys in JCS
 * order (sorted, no spaces), so the client's re-encoding of it is byte for byte the same.
 */
function chargeRequest(offered: PaymentRequirementsV2): string {
  const network = Object.values(networks).find((each) => each.caip2 === offered.network)!;
  return base64urlJson({
    amount: offered.amount,
    currency: offered.asset,
    methodDetails: {
      chainId: Number(network.caip2.slice(7)),
      credentialTypes: ['authorization'],
      decimals: network.usdc.decimals,
    },
    recipient: offered.payTo,
  });
}

/**
 * The challenge for one offer. Its id is a digest of its fields, not a secret: nothing an echoed
 * challenge says is trusted, since the charge is made again from the offer and compared.
 */
export async function chargeChallenge(
  offered: PaymentRequirementsV2,
  resource: string,
  realm: string,
  now: number,
): Promise<ChargeChallenge> {
  const salt = encodeBase64(crypto.getRandomValues(new Uint8Array(12)), true);
  const fields = {
    realm,
    method: 'evm',
    intent: 'charge',
    request: chargeRequest(offered),
    expires: new Date(Math.floor(now / 1000) * 1000 + offered.maxTimeoutSeconds * 1000).toISOString(),
    opaque: base64urlJson({ resource, salt }),
  } as const;
  return { id: await challengeId(fields), ...fields };
}

/** `WWW-Authenticate: Payment id="…", …`: every value is base64url, a host or a date, none needs escaping. */
export function challengeHeader(challenge: ChargeChallenge): string {
  return `Payment ${Object.entries(challenge)
    .map(([name, value]) => `${name}="${value}"`)
    .join(', ')}`;
}

/** Why an echoed challenge is not one this offer makes for `resource`, or undefined when it is and has not expired. */
export async function echoedChallengeProblem(
  echoed: Record<string, unknown>,
  offered: PaymentRequirementsV2,
  resource: string,
  now: number,
): Promise<string | undefined> {
  const { realm, method, intent, request, expires, opaque } = echoed as Record<string, string>;
  if (method !== 'evm' || intent !== 'charge')
    return 'invalid_challenge: this gateway offers method evm, intent charge';
  if (request !== chargeRequest(offered))
    return 'invalid_challenge: the charge is not what this gateway offers now; ask again';
  const sold = typeof opaque === 'string' ? decodeBase64Json(opaque, true) : '';
  if (typeof sold === 'string' || sold.resource !== resource)
    return `invalid_challenge: the challenge was made for another resource than ${resource}`;
  if (
    echoed.id !==
    (await challengeId({ realm, method, intent, request, expires, opaque } as Omit<ChargeChallenge, 'id'>))
  )
    return 'invalid_challenge: the challenge was not made by this gateway';
  if (!(Date.parse(expires!) > now)) return 'challenge_expired: ask again for a fresh challenge';
  return undefined;
}

/** The id binds the fields in the scheme's slots: realm|method|intent|request|expires|digest|opaque. */
async function challengeId(fields: Omit<ChargeChallenge, 'id'>): Promise<string> {
  const { realm, method, intent, request, expires, opaque } = fields;
  const input = new TextEncoder().encode([realm, method, intent, request, expires, '', opaque].join('|'));
  return encodeBase64(new Uint8Array(await crypto.subtle.digest('SHA-256', input)), true);
}
