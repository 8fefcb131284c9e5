import type { PaymentChannel, PaymentRail } from '../../shared/readers/ledger-payment.js';
import type { RequestNotes } from '../../shared/readers/reader-event.js';
import type {
  X402PaymentRequiredPaymentRequirements,
  X402PaymentRequiredV2,
  X402PaymentRequiredV2PaymentRequirements,
} from '../../schemas/types.js';
import type { WorkerData } from '../../shared/worker-data.js';
import type { WorkerEnv } from '../env.js';
import type { SettleAnswer } from './facilitator.js';
import { networkNamed, networks, type X402Network } from '../../shared/x402-networks.js';

/** x402 version 1 `exact` payment requirements, as schemas/x402-payment-required.schema.json defines them. */
export type PaymentRequirements = X402PaymentRequiredPaymentRequirements;
/** x402 version 2 `exact` payment requirements (schemas/x402-payment-required-v2.schema.json). */
export type PaymentRequirementsV2 = X402PaymentRequiredV2PaymentRequirements;

export interface GatewayConfig {
  facilitatorUrl: string;
  payTo: string;
  network: X402Network;
  asset: string;
}

const address = /^0x[0-9a-fA-F]{40}$/;

/** Each network of the table by its version 1 name and its CAIP-2 id, for the message of a dormant gateway. */
const supportedNetworks = (Object.keys(networks) as X402Network[])
  .map((network) => `${network} (${networks[network].caip2})`)
  .join(' or ');

/** The gateway's configuration, or why it is dormant. Both X402_FACILITATOR_URL and X402_PAY_TO must be set. */
export function gatewayConfig(env: WorkerEnv, data: WorkerData): GatewayConfig | { dormant: string } {
  if (!env.X402_FACILITATOR_URL || !env.X402_PAY_TO)
    return {
      dormant: 'The operator has not configured a facilitator (X402_FACILITATOR_URL) and a wallet (X402_PAY_TO).',
    };
  const configured = env.X402_NETWORK ?? data.x402.network;
  const network = networkNamed(configured);
  if (!network)
    return {
      dormant: `X402_NETWORK "${configured}" is not supported; use ${supportedNetworks}.`,
    };
  if (!address.test(env.X402_PAY_TO)) return { dormant: 'X402_PAY_TO is not an EVM address (0x and 40 hex digits).' };
  const asset = env.X402_ASSET ?? data.x402.asset ?? networks[network].usdc.address;
  if (!address.test(asset)) return { dormant: 'X402_ASSET is not an EVM address.' };
  try {
    const url = new URL(env.X402_FACILITATOR_URL);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('scheme');
  } catch {
    return { dormant: 'X402_FACILITATOR_URL is not an http(s) URL.' };
  }
  return { facilitatorUrl: env.X402_FACILITATOR_URL.replace(/\/+$/, ''), payTo: env.X402_PAY_TO, network, asset };
}

/** Whether /api/x402/<slug> sells anything: only then may an answer offer it (a dormant gateway answers 503). */
export function gatewayConfigured(env: WorkerEnv, data: WorkerData): boolean {
  return !('dormant' in gatewayConfig(env, data));
}

/** "0.05" USD in the asset's atomic units: "50000" for 6 decimals. Exact decimal arithmetic, no floating point. */
export function atomicAmount(usd: string, decimals: number): string {
  const [whole = '0', fraction = ''] = usd.split('.');
  const padded = (fraction + '0'.repeat(decimals)).slice(0, decimals);
  return (BigInt(whole) * 10n ** BigInt(decimals) + BigInt(padded || '0')).toString();
}

/** What a premium slug is sold as, in the words both versions share. */
function offer(slug: string, config: GatewayConfig, data: WorkerData) {
  const token = networks[config.network].usdc;
  const { preview } = data.premium[slug]!;
  return {
    url: `${data.site.url}/api/x402/${slug}`,
    description: `${preview.title}: one fetch of this premium resource from ${data.site.name}, as Markdown. ${preview.description}`,
    amount: atomicAmount(data.payment.price_usd, token.decimals),
    extra: { name: token.name, version: token.version },
  };
}

/** The one version 1 `exact` PaymentRequirements a premium slug is sold under. */
export function paymentRequirements(slug: string, config: GatewayConfig, data: WorkerData): PaymentRequirements {
  const { url, description, amount, extra } = offer(slug, config, data);
  return {
    scheme: 'exact',
    network: config.network,
    maxAmountRequired: amount,
    resource: url,
    description,
    mimeType: 'text/markdown',
    payTo: config.payTo,
    maxTimeoutSeconds: data.x402.maxTimeoutSeconds,
    asset: config.asset,
    extra,
    outputSchema: data.premium[slug]!.discovery.v1,
  };
}

/** The version 2 PaymentRequired of a premium slug: what the `PAYMENT-REQUIRED` header carries. */
export function paymentRequiredV2(
  slug: string,
  config: GatewayConfig,
  data: WorkerData,
  error: string,
): X402PaymentRequiredV2 {
  const { url, description, amount, extra } = offer(slug, config, data);
  const { service, http } = data.premium[slug]!.discovery;
  return {
    x402Version: 2,
    error,
    resource: { url, description, mimeType: 'text/markdown', ...service },
    accepts: [
      {
        scheme: 'exact',
        network: networks[config.network].caip2,
        amount,
        asset: config.asset,
        payTo: config.payTo,
        maxTimeoutSeconds: data.x402.maxTimeoutSeconds,
        extra,
      },
    ],
    extensions: { bazaar: http },
  };
}

/** What one premium slug is offered as, in each version's words: what a payment is checked against. */
export function offeredRequirements(slug: string, config: GatewayConfig, data: WorkerData) {
  return { 1: paymentRequirements(slug, config, data), 2: paymentRequiredV2(slug, config, data, '').accepts[0]! };
}

/**
 * What the readers database records of a settled x402 payment: on the event, the price in the asset's
 * atomic units; in the payments ledger, the offer it paid for and who paid, as the settlement says.
 */
export function settledPayment(
  slug: string,
  version: 1 | 2,
  config: GatewayConfig,
  data: WorkerData,
  {
    receipt,
    channel,
    earlier = [],
    rail = 'x402',
  }: { receipt: SettleAnswer; channel: PaymentChannel; earlier?: RequestNotes['payments']; rail?: PaymentRail },
): RequestNotes {
  const { amount } = offer(slug, config, data);
  const usdc = networks[config.network].usdc;
  // A Machine Payments Protocol charge is settled as an x402 version 2 payment, but is not one.
  const mpp = rail === 'mpp';
  const payment = {
    rail,
    x402Version: mpp ? null : version,
    scheme: mpp ? 'charge' : 'exact',
    network: version === 1 ? config.network : networks[config.network].caip2,
    asset: config.asset,
    amount,
    payer: receipt.payer ?? null,
    slug,
    transaction: receipt.transaction ?? null,
    channel,
  } as const;
  return {
    access: mpp ? 'mpp' : 'x402',
    ...(mpp ? {} : { x402Version: version }),
    slug,
    amount,
    currency: config.asset.toLowerCase() === usdc.address.toLowerCase() ? 'USDC' : config.asset,
    payments: [...earlier, payment],
  };
}
