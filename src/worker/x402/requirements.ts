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
import type { TransferMethod } from '../../shared/x402-methods.js';

/** x402 version 1 `exact` payment requirements, as schemas/x402-payment-required.schema.json defines them. */
export type PaymentRequirements = X402PaymentRequiredPaymentRequirements;
/** x402 version 2 `exact` payment requirements (schemas/x402-payment-required-v2.schema.json). */
export type PaymentRequirementsV2 = X402PaymentRequiredV2PaymentRequirements;

export interface GatewayConfig {
  facilitatorUrl: string;
  payTo: string;
  network: X402Network;
  asset: string;
  /** The ways an `exact` payment may move the asset, one offer each: site.yaml's `x402.transfer_methods`. */
  methods: TransferMethod[];
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
  const methods = data.x402.transferMethods;
  if (methods.includes('eip3009') && !isUsdc(network, asset))
    return {
      dormant: `The asset ${asset} (X402_ASSET or site.yaml \`x402.asset\`) is not USDC on ${network}, and an EIP-3009 offer must name its token's EIP-712 domain: sell it through Permit2 (site.yaml \`x402.transfer_methods: [permit2]\`) or set X402_ASSET to that USDC.`,
    };
  try {
    const url = new URL(env.X402_FACILITATOR_URL);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('scheme');
  } catch {
    return { dormant: 'X402_FACILITATOR_URL is not an http(s) URL.' };
  }
  return {
    facilitatorUrl: env.X402_FACILITATOR_URL.replace(/\/+$/, ''),
    payTo: env.X402_PAY_TO,
    network,
    asset,
    methods,
  };
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

function isUsdc(network: X402Network, asset: string): boolean {
  return asset.toLowerCase() === networks[network].usdc.address.toLowerCase();
}

/**
 * The `extra` of the offer of one transfer method: USDC's EIP-712 domain (an EIP-3009 payment signs
 * under it; a Permit2 one may use it for EIP-2612), and Permit2 says it is Permit2.
 */
function extraOf(method: TransferMethod, config: GatewayConfig) {
  const token = networks[config.network].usdc;
  return {
    ...(isUsdc(config.network, config.asset) ? { name: token.name, version: token.version } : {}),
    ...(method === 'permit2' ? { assetTransferMethod: method } : {}),
  };
}

/** What a premium slug is sold as, in the words both versions share. */
function offer(slug: string, config: GatewayConfig, data: WorkerData) {
  const { preview } = data.premium[slug]!;
  return {
    url: `${data.site.url}/api/x402/${slug}`,
    description: `${preview.title}: one fetch of this premium resource from ${data.site.name}, as Markdown. ${preview.description}`,
    amount: atomicAmount(data.payment.price_usd, networks[config.network].usdc.decimals),
  };
}

/** The version 1 `exact` PaymentRequirements a premium slug is sold under, one per transfer method. */
export function paymentRequirements(slug: string, config: GatewayConfig, data: WorkerData): PaymentRequirements[] {
  const { url, description, amount } = offer(slug, config, data);
  return config.methods.map((method) => ({
    scheme: 'exact',
    network: config.network,
    maxAmountRequired: amount,
    resource: url,
    description,
    mimeType: 'text/markdown',
    payTo: config.payTo,
    maxTimeoutSeconds: data.x402.maxTimeoutSeconds,
    asset: config.asset,
    extra: extraOf(method, config),
    outputSchema: data.premium[slug]!.discovery.v1,
  }));
}

/** The version 2 PaymentRequired of a premium slug: what the `PAYMENT-REQUIRED` header carries. */
export function paymentRequiredV2(
  slug: string,
  config: GatewayConfig,
  data: WorkerData,
  error: string,
): X402PaymentRequiredV2 {
  const { url, description, amount } = offer(slug, config, data);
  const { service, http } = data.premium[slug]!.discovery;
  return {
    x402Version: 2,
    error,
    resource: { url, description, mimeType: 'text/markdown', ...service },
    accepts: config.methods.map((method) => ({
      scheme: 'exact',
      network: networks[config.network].caip2,
      amount,
      asset: config.asset,
      payTo: config.payTo,
      maxTimeoutSeconds: data.x402.maxTimeoutSeconds,
      extra: extraOf(method, config),
    })),
    extensions: { bazaar: http },
  };
}

/**
 * The version 2 PaymentRequired of one page of the full corpus (`get_full_corpus`), sold with `upto`
 * through Permit2: at most the per-fetch price for each of the `records` the page may hold; the
 * premium records it does hold are what is settled.
 */
export function meteredCorpusRequired(
  config: GatewayConfig,
  data: WorkerData,
  records: number,
  facilitatorAddress: string,
  error: string,
): X402PaymentRequiredV2 {
  const amount = atomicAmount(data.payment.price_usd, networks[config.network].usdc.decimals);
  return {
    x402Version: 2,
    error,
    resource: {
      url: `${data.site.url}/api/corpus.full.jsonl`,
      description: `A page of the full corpus of ${data.site.name}: ${data.payment.price_usd} USD per premium record it holds, up to ${records} records.`,
      mimeType: 'application/json',
    },
    accepts: [
      {
        scheme: 'upto',
        network: networks[config.network].caip2,
        amount: (BigInt(amount) * BigInt(records)).toString(),
        asset: config.asset,
        payTo: config.payTo,
        maxTimeoutSeconds: data.x402.maxTimeoutSeconds,
        extra: { ...extraOf('permit2', config), facilitatorAddress },
      },
    ],
  };
}

/** What one premium slug is offered as, in each version's words: what a payment is checked against. */
export function offeredRequirements(slug: string, config: GatewayConfig, data: WorkerData) {
  return { 1: paymentRequirements(slug, config, data), 2: paymentRequiredV2(slug, config, data, '').accepts };
}

/**
 * What the readers database records of a settled payment (of a premium slug, or of the full corpus's
 * path for `upto`): on the event, the price in the asset's atomic units; in the payments ledger, the
 * rail, the offer it paid for (its transfer method too) and who paid, as the settlement says.
 */
export function settledPayment(
  slug: string,
  version: 1 | 2,
  config: GatewayConfig,
  data: WorkerData,
  {
    receipt,
    method,
    channel,
    earlier = [],
    rail = 'x402',
    scheme = 'exact',
    amount = offer(slug, config, data).amount,
  }: {
    receipt: SettleAnswer;
    method: string;
    channel: PaymentChannel;
    earlier?: RequestNotes['payments'];
    rail?: PaymentRail;
    /** `upto` settles what was used: `amount`. */
    scheme?: 'exact' | 'upto';
    amount?: string;
  },
): RequestNotes {
  const usdc = networks[config.network].usdc;
  // A Machine Payments Protocol charge is settled as an x402 version 2 payment, but is not one.
  const mpp = rail === 'mpp';
  const payment = {
    rail,
    x402Version: mpp ? null : version,
    scheme: mpp ? 'charge' : scheme,
    transferMethod: method,
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
