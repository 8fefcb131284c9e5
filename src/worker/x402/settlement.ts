import { settlePayment, verifyPayment, type SettleAnswer } from './facilitator.js';
import type { PaymentRequirements, PaymentRequirementsV2 } from './requirements.js';
import type { X402Version } from '../../shared/x402-transport.js';

export type Settlement = { paid: true; receipt: SettleAnswer } | { paid: false; reason: string; payer?: string };

/**
 * Checks a decoded payment against what this gateway offered, then has the facilitator verify and
 * settle it. Nothing is paid unless settlement succeeded. Throws FacilitatorError when the
 * facilitator cannot be reached or answers nonsense.
 */
export async function settle(
  facilitatorUrl: string,
  version: X402Version,
  payment: Record<string, unknown>,
  offered: { 1: PaymentRequirements; 2: PaymentRequirementsV2 },
): Promise<Settlement> {
  const requirements = offered[version];
  const mismatch =
    version === 1
      ? payment.network === offered[1].network
        ? undefined
        : `invalid_network: this gateway accepts ${offered[1].network}`
      : acceptedMismatch(payment.accepted as Record<string, unknown>, offered[2]);
  if (mismatch) return { paid: false, reason: mismatch };
  const verified = await verifyPayment(facilitatorUrl, version, payment, requirements);
  if (!verified.isValid) return refused(verified.invalidReason ?? 'invalid_payment', verified.payer);
  const settled = await settlePayment(facilitatorUrl, version, payment, requirements);
  if (!settled.success) return refused(settled.errorReason ?? 'settlement_failed', settled.payer);
  return { paid: true, receipt: settled };
}

function refused(reason: string, payer: string | null | undefined): Settlement {
  return payer ? { paid: false, reason, payer } : { paid: false, reason };
}

/**
 * Version 2 clients echo the requirements they accepted; they must be the ones offered, field by
 * field (addresses in any letter case), or the payment is for something this gateway does not sell.
 */
function acceptedMismatch(accepted: Record<string, unknown>, offered: PaymentRequirementsV2): string | undefined {
  if (accepted.network !== offered.network) return `invalid_network: this gateway accepts ${offered.network}`;
  const extra = (accepted.extra ?? {}) as Record<string, unknown>;
  const fields: [string, unknown, unknown][] = [
    ['scheme', accepted.scheme, offered.scheme],
    ['amount', accepted.amount, offered.amount],
    ['asset', lower(accepted.asset), lower(offered.asset)],
    ['payTo', lower(accepted.payTo), lower(offered.payTo)],
    ['maxTimeoutSeconds', accepted.maxTimeoutSeconds, offered.maxTimeoutSeconds],
    ['extra.name', extra.name, offered.extra.name],
    ['extra.version', extra.version, offered.extra.version],
  ];
  const wrong = fields.find(([, given, expected]) => given !== expected);
  return wrong
    ? `invalid_payment_requirements: accepted.${wrong[0]} is ${JSON.stringify(wrong[1] ?? null)}; this gateway offers ${JSON.stringify(wrong[2])}`
    : undefined;
}

function lower(value: unknown): unknown {
  return typeof value === 'string' ? value.toLowerCase() : value;
}
