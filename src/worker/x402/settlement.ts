import { settlePayment, verifyPayment, type SettleAnswer } from './facilitator.js';
import type { PaymentRequirements, PaymentRequirementsV2 } from './requirements.js';
import { isObject } from '../../shared/json-shapes.js';
import { transferMethodOf } from '../../shared/x402-methods.js';
import type { X402Version } from '../../shared/x402-transport.js';

export type Settlement =
  | { paid: true; receipt: SettleAnswer; method: string }
  | { paid: false; reason: string; payer?: string };

/**
 * Checks a decoded payment against what this gateway offered, then has the facilitator verify and
 * settle it under the offer it matches. Nothing is paid unless settlement succeeded. An `upto` offer
 * is verified for its maximum and settled for `used`. Throws FacilitatorError when the facilitator
 * cannot be reached or answers nonsense.
 */
export async function settle(
  facilitatorUrl: string,
  version: X402Version,
  payment: Record<string, unknown>,
  offered: { 1: PaymentRequirements[]; 2: PaymentRequirementsV2[] },
  used?: string,
): Promise<Settlement> {
  const requirements = chosenOffer(version, payment, offered);
  if (typeof requirements === 'string') return { paid: false, reason: requirements };
  const verified = await verifyPayment(facilitatorUrl, version, payment, requirements);
  if (!verified.isValid) return refused(verified.invalidReason ?? 'invalid_payment', verified.payer);
  const settled = await settlePayment(
    facilitatorUrl,
    version,
    payment,
    used === undefined ? requirements : { ...requirements, amount: used },
  );
  if (!settled.success) return refused(settled.errorReason ?? 'settlement_failed', settled.payer);
  return { paid: true, receipt: settled, method: transferMethodOf(requirements.extra) };
}

/**
 * The offer a payment pays for, or why it pays for none: on the offered network, the offer of the
 * transfer method its payload uses (a Permit2 payload carries `permit2Authorization`, an EIP-3009 one
 * `authorization`); in version 2, the requirements it echoes must be that offer.
 */
function chosenOffer(
  version: X402Version,
  payment: Record<string, unknown>,
  offered: { 1: PaymentRequirements[]; 2: PaymentRequirementsV2[] },
): PaymentRequirements | PaymentRequirementsV2 | string {
  const offers: (PaymentRequirements | PaymentRequirementsV2)[] = offered[version];
  const network = version === 1 ? payment.network : (payment.accepted as Record<string, unknown>).network;
  if (network !== offers[0]!.network) return `invalid_network: this gateway accepts ${offers[0]!.network}`;
  const method = isObject(payment.payload) && 'permit2Authorization' in payment.payload ? 'permit2' : 'eip3009';
  const offer = offers.find((candidate) => transferMethodOf(candidate.extra) === method);
  if (!offer)
    return `unsupported_transfer_method: this payment moves the asset with ${method}; this gateway offers ${offers.map((candidate) => transferMethodOf(candidate.extra)).join(', ')}`;
  return (
    (version === 2 && acceptedMismatch(payment.accepted as Record<string, unknown>, offer as PaymentRequirementsV2)) ||
    offer
  );
}

function refused(reason: string, payer: string | null | undefined): Settlement {
  return payer ? { paid: false, reason, payer } : { paid: false, reason };
}

/**
 * Version 2 clients echo the requirements they accepted; they must be the offer of the payload's
 * transfer method, field by field (addresses in any letter case), or the payment is for something
 * this gateway does not sell.
 */
function acceptedMismatch(accepted: Record<string, unknown>, offered: PaymentRequirementsV2): string | undefined {
  const extra = (accepted.extra ?? {}) as Record<string, unknown>;
  const fields: [string, unknown, unknown][] = [
    ['scheme', accepted.scheme, offered.scheme],
    ['amount', accepted.amount, offered.amount],
    ['asset', lower(accepted.asset), lower(offered.asset)],
    ['payTo', lower(accepted.payTo), lower(offered.payTo)],
    ['maxTimeoutSeconds', accepted.maxTimeoutSeconds, offered.maxTimeoutSeconds],
    ['extra.name', extra.name, offered.extra.name],
    ['extra.version', extra.version, offered.extra.version],
    ['extra.assetTransferMethod', extra.assetTransferMethod, offered.extra.assetTransferMethod],
  ];
  const wrong = fields.find(([, given, expected]) => given !== expected);
  return wrong
    ? `invalid_payment_requirements: accepted.${wrong[0]} is ${JSON.stringify(wrong[1] ?? null)}; this gateway offers ${JSON.stringify(wrong[2] ?? null)}`
    : undefined;
}

function lower(value: unknown): unknown {
  return typeof value === 'string' ? value.toLowerCase() : value;
}
