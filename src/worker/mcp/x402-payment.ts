import type { X402PaymentRequiredV2 } from '../../schemas/types.js';
import { x402MetaKeys } from '../../shared/x402-transport.js';
import { FacilitatorError } from '../x402/facilitator.js';
import { isObject, paymentOfVersion } from '../x402/presented-payment.js';
import { gatewayConfig, offeredRequirements, paymentRequiredV2, settledPayment } from '../x402/requirements.js';
import { settle } from '../x402/settlement.js';
import type { RequestMeta, ToolContext } from './tool.js';

export type McpPayment =
  /** The gateway is dormant: the tool answers as it does without x402. */
  | { kind: 'dormant' }
  /** Not paid (no payment, or a refused one): a tool error carrying this PaymentRequired. */
  | { kind: 'required'; required: X402PaymentRequiredV2 }
  | { kind: 'paid'; receipt: Record<string, unknown> };

/**
 * Pays for one premium slug inside a tool call, following the x402 MCP transport: the PaymentPayload
 * (version 2) arrives in `params._meta["x402/payment"]`, is checked against the offer, verified and
 * settled like a PAYMENT-SIGNATURE; the receipt goes back in the result's `_meta`.
 */
export async function payForResource(slug: string, context: ToolContext, meta: RequestMeta): Promise<McpPayment> {
  const config = gatewayConfig(context.env, context.data);
  if ('dormant' in config) return { kind: 'dormant' };
  const required = (error: string): McpPayment => ({
    kind: 'required',
    required: paymentRequiredV2(slug, config, context.data, error),
  });
  const where = `_meta["${x402MetaKeys.payment}"]`;
  const given = meta[x402MetaKeys.payment];
  if (given === undefined)
    return required(
      `Payment required: retry this call with an x402 version 2 PaymentPayload in ${where}, or pass an access key.`,
    );
  if (!isObject(given)) return required(`invalid_payment: ${where} must be a PaymentPayload object`);
  const payment = paymentOfVersion(2, given, where);
  if (payment.kind === 'invalid') return required(payment.reason);
  try {
    const settlement = await context.awaitNetwork(
      settle(config.facilitatorUrl, 2, payment.payload, offeredRequirements(slug, config, context.data)),
    );
    if (!settlement.paid) return required(settlement.reason);
    Object.assign(
      context.notes,
      settledPayment(slug, 2, config, context.data, {
        ...settlement,
        channel: 'mcp',
        earlier: context.notes.payments,
      }),
    );
    return { kind: 'paid', receipt: { ...settlement.receipt } };
  } catch (error) {
    if (error instanceof FacilitatorError) return required(`facilitator_error: ${error.message}`);
    throw error;
  }
}
