import type { X402PaymentRequiredPaymentRequirements } from '../../schemas/types.js';
import type { WorkerData } from '../../shared/worker-data.js';
import type { WorkerEnv } from '../env.js';

/** USDC per supported network, with the EIP-712 domain (name, version) its transferWithAuthorization signs under. */
export const usdc = {
  base: { address: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', name: 'USD Coin', version: '2', decimals: 6 },
  'base-sepolia': { address: '0x036CbD53842c5426634e7929541eC2318f3dCF7e', name: 'USDC', version: '2', decimals: 6 },
} as const;

export type X402Network = keyof typeof usdc;

/** x402 version 1 `exact` payment requirements, as schemas/x402-payment-required.schema.json defines them. */
export type PaymentRequirements = X402PaymentRequiredPaymentRequirements;

export interface GatewayConfig {
  facilitatorUrl: string;
  payTo: string;
  network: X402Network;
  asset: string;
}

const address = /^0x[0-9a-fA-F]{40}$/;

/** The gateway's configuration, or why it is dormant. Both X402_FACILITATOR_URL and X402_PAY_TO must be set. */
export function gatewayConfig(env: WorkerEnv, data: WorkerData): GatewayConfig | { dormant: string } {
  if (!env.X402_FACILITATOR_URL || !env.X402_PAY_TO)
    return {
      dormant: 'The operator has not configured a facilitator (X402_FACILITATOR_URL) and a wallet (X402_PAY_TO).',
    };
  const network = (env.X402_NETWORK ?? data.x402.network) as X402Network;
  if (!Object.hasOwn(usdc, network))
    return { dormant: `X402_NETWORK "${network}" is not supported; use base or base-sepolia.` };
  if (!address.test(env.X402_PAY_TO)) return { dormant: 'X402_PAY_TO is not an EVM address (0x and 40 hex digits).' };
  const asset = env.X402_ASSET ?? data.x402.asset ?? usdc[network].address;
  if (!address.test(asset)) return { dormant: 'X402_ASSET is not an EVM address.' };
  try {
    const url = new URL(env.X402_FACILITATOR_URL);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('scheme');
  } catch {
    return { dormant: 'X402_FACILITATOR_URL is not an http(s) URL.' };
  }
  return { facilitatorUrl: env.X402_FACILITATOR_URL.replace(/\/+$/, ''), payTo: env.X402_PAY_TO, network, asset };
}

/** "0.05" USD in the asset's atomic units: "50000" for 6 decimals. Exact decimal arithmetic, no floating point. */
export function atomicAmount(usd: string, decimals: number): string {
  const [whole = '0', fraction = ''] = usd.split('.');
  const padded = (fraction + '0'.repeat(decimals)).slice(0, decimals);
  return (BigInt(whole) * 10n ** BigInt(decimals) + BigInt(padded || '0')).toString();
}

/** The one `exact` PaymentRequirements a premium slug is sold under. */
export function paymentRequirements(slug: string, config: GatewayConfig, data: WorkerData): PaymentRequirements {
  const token = usdc[config.network];
  const title = data.premium[slug]!.preview.title;
  return {
    scheme: 'exact',
    network: config.network,
    maxAmountRequired: atomicAmount(data.payment.price_usd, token.decimals),
    resource: `${data.site.url}/api/x402/${slug}`,
    description: `${title}: one fetch of this premium resource from ${data.site.name}, as Markdown.`,
    mimeType: 'text/markdown',
    payTo: config.payTo,
    maxTimeoutSeconds: data.x402.maxTimeoutSeconds,
    asset: config.asset,
    extra: { name: token.name, version: token.version },
  };
}
