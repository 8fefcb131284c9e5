import type { X402PaymentRequiredV2 } from '../../schemas/types.js';
import { isObject } from '../../shared/json-shapes.js';
import { fullCorpusPath } from '../../shared/routes.js';
import type { RequestNotes } from '../../shared/readers/reader-event.js';
import { networks } from '../../shared/x402-networks.js';
import { x402MetaKeys } from '../../shared/x402-transport.js';
import { FacilitatorError, uptoFacilitatorAddress } from '../x402/facilitator.js';
import { paymentOfVersion } from '../x402/presented-payment.js';
import { gatewayConfig, meteredCorpusRequired, paymentRequiredV2, settledPayment } from '../x402/requirements.js';
import { settle, type Settlement } from '../x402/settlement.js';
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
  return collect(
    context,
    meta,
    config.facilitatorUrl,
    // Catalogued as the tool call it is, not as the HTTP gateway's GET.
    (error) => ({
      ...paymentRequiredV2(slug, config, context.data, error),
      extensions: { bazaar: context.data.premium[slug]!.discovery.mcp },
    }),
    undefined,
    (settlement, earlier) => settledPayment(slug, 2, config, context.data, { ...settlement, channel: 'mcp', earlier }),
  );
}

/**
 * Pays for one page of the full corpus with `upto` (site.yaml `x402.metered_corpus`): the buyer signs
 * for at most `records` records at the per-fetch price; `used` (the premium records the page holds,
 * at that price) is what is settled. Dormant unless the facilitator settles `upto` on the network.
 */
export async function payForCorpusPage(
  context: ToolContext,
  meta: RequestMeta,
  records: number,
  used: string,
): Promise<McpPayment> {
  const config = gatewayConfig(context.env, context.data);
  if ('dormant' in config || !context.data.x402.meteredCorpus) return { kind: 'dormant' };
  const facilitator = await context.awaitNetwork(
    uptoFacilitatorAddress(config.facilitatorUrl, networks[config.network].caip2),
  );
  if (!facilitator) return { kind: 'dormant' };
  return collect(
    context,
    meta,
    config.facilitatorUrl,
    (error) => meteredCorpusRequired(config, context.data, records, facilitator, error),
    used,
    (settlement, earlier) =>
      settledPayment(fullCorpusPath, 2, config, context.data, {
        ...settlement,
        channel: 'mcp',
        earlier,
        scheme: 'upto',
        amount: settlement.receipt.amount ?? used,
      }),
  );
}

/** Reads the payment of `_meta`, settles it against the offer of `required`, and notes what was paid. */
async function collect(
  context: ToolContext,
  meta: RequestMeta,
  facilitatorUrl: string,
  required: (error: string) => X402PaymentRequiredV2,
  used: string | undefined,
  paid: (settlement: Extract<Settlement, { paid: true }>, earlier: RequestNotes['payments']) => RequestNotes,
): Promise<McpPayment> {
  const refuse = (error: string): McpPayment => ({ kind: 'required', required: required(error) });
  const where = `_meta["${x402MetaKeys.payment}"]`;
  const given = meta[x402MetaKeys.payment];
  if (given === undefined)
    return refuse(
      `Payment required: retry this call with an x402 version 2 PaymentPayload in ${where}, or pass an access key.`,
    );
  if (!isObject(given)) return refuse(`invalid_payment: ${where} must be a PaymentPayload object`);
  const payment = paymentOfVersion(2, given, where);
  if (payment.kind === 'invalid') return refuse(payment.reason);
  try {
    const settlement = await context.awaitNetwork(
      settle(facilitatorUrl, 2, payment.payload, { 1: [], 2: required('').accepts }, used),
    );
    if (!settlement.paid) return refuse(settlement.reason);
    Object.assign(context.notes, paid(settlement, context.notes.payments));
    return { kind: 'paid', receipt: { ...settlement.receipt } };
  } catch (error) {
    if (error instanceof FacilitatorError) return refuse(`facilitator_error: ${error.message}`);
    throw error;
  }
}
