import { describe, expect, it } from 'vitest';
import { sameOfferInVersion2, slugDiscovery } from '../helpers/x402-offer.js';
import type { WorkerData } from '../../src/shared/worker-data.js';
import type { WorkerEnv } from '../../src/worker/env.js';
import { networks } from '../../src/shared/x402-networks.js';
import {
  atomicAmount,
  gatewayConfig,
  paymentRequiredV2,
  paymentRequirements,
} from '../../src/worker/x402/requirements.js';

const usdc = { base: networks.base.usdc, 'base-sepolia': networks['base-sepolia'].usdc };

const payTo = `0x${'1'.repeat(40)}`;
const asset = `0x${'ab'.repeat(20)}`;

function siteData(x402: Partial<WorkerData['x402']> = {}, price = '0.05'): WorkerData {
  return {
    site: { name: 'Agent Site', url: 'https://site.example' },
    x402: { network: 'base-sepolia', maxTimeoutSeconds: 90, transferMethods: ['eip3009'], ...x402 },
    payment: { price_usd: price },
    premium: {
      'paid-guide': {
        preview: { title: 'Paid guide', description: 'Setting up, step by step.', sections: [] },
        discovery: slugDiscovery,
      },
    },
  } as unknown as WorkerData;
}

const env = (extra: WorkerEnv = {}): WorkerEnv => ({
  X402_FACILITATOR_URL: 'https://facilitator.example/x402/',
  X402_PAY_TO: payTo,
  ...extra,
});

describe('atomicAmount', () => {
  it.each([
    ['0.05', 6, '50000'],
    ['1', 6, '1000000'],
    ['1.5', 6, '1500000'],
    ['0.000001', 6, '1'],
    ['12.345678', 6, '12345678'],
    ['0', 6, '0'],
    ['0.10', 6, '100000'],
    ['2.5', 0, '2'],
    ['0.5', 18, '500000000000000000'],
  ])('%s USD with %i decimals is %s atomic units', (usd, decimals, atomic) => {
    expect(atomicAmount(usd, decimals)).toBe(atomic);
  });

  it('truncates digits beyond the asset precision (never rounds up)', () => {
    expect(atomicAmount('0.0000019', 6)).toBe('1');
    expect(atomicAmount('0.9999999', 6)).toBe('999999');
  });

  it('is exact for amounts floating point cannot hold', () => {
    expect(atomicAmount('9007199254740993.000001', 6)).toBe('9007199254740993000001');
    expect(atomicAmount('0.3', 6)).toBe('300000');
  });
});

describe('gatewayConfig', () => {
  it('is dormant until both a facilitator and a wallet are set', () => {
    expect(gatewayConfig({}, siteData())).toHaveProperty('dormant');
    expect(gatewayConfig({ X402_PAY_TO: payTo }, siteData())).toHaveProperty('dormant');
    expect(gatewayConfig({ X402_FACILITATOR_URL: 'https://f.example' }, siteData())).toHaveProperty('dormant');
  });

  it("takes site.yaml's network and USDC on it by default, and drops trailing slashes of the facilitator URL", () => {
    expect(gatewayConfig(env(), siteData())).toEqual({
      facilitatorUrl: 'https://facilitator.example/x402',
      payTo,
      network: 'base-sepolia',
      asset: usdc['base-sepolia'].address,
      methods: ['eip3009'],
    });
  });

  it('lets the environment override network and asset, and site.yaml set the asset', () => {
    expect(gatewayConfig(env({ X402_NETWORK: 'base' }), siteData())).toMatchObject({
      network: 'base',
      asset: usdc.base.address,
    });
    const permit2 = { transferMethods: ['permit2' as const] };
    expect(gatewayConfig(env(), siteData({ asset, ...permit2 }))).toMatchObject({ asset });
    expect(gatewayConfig(env({ X402_ASSET: asset }), siteData({ asset: usdc.base.address, ...permit2 }))).toMatchObject(
      { asset },
    );
  });

  it('is dormant when EIP-3009 is offered for an asset that is not USDC, saying to sell it through Permit2', () => {
    for (const transferMethods of [['eip3009'], ['permit2', 'eip3009']] as const) {
      const config = gatewayConfig(env({ X402_ASSET: asset }), siteData({ transferMethods: [...transferMethods] }));
      expect(config).toEqual({
        dormant: expect.stringMatching(/not USDC on base-sepolia.*transfer_methods: \[permit2\]/),
      });
    }
    // site.yaml's asset is USDC on its network, but X402_NETWORK moves the gateway to another one.
    const moved = gatewayConfig(env({ X402_NETWORK: 'base' }), siteData({ asset: usdc['base-sepolia'].address }));
    expect(moved).toEqual({
      dormant: expect.stringContaining(`The asset ${usdc['base-sepolia'].address} (X402_ASSET or site.yaml`),
    });
  });

  it.each([
    ['eip155:8453', 'base'],
    ['eip155:84532', 'base-sepolia'],
  ])('accepts the CAIP-2 id %s for %s, in site.yaml and in the environment', (caip2, network) => {
    expect(gatewayConfig(env({ X402_NETWORK: caip2 }), siteData())).toMatchObject({ network });
    expect(gatewayConfig(env(), siteData({ network: caip2 }))).toMatchObject({ network });
  });

  it.each([
    ['an unsupported network', { X402_NETWORK: 'ethereum' }],
    ['an unsupported CAIP-2 id', { X402_NETWORK: 'eip155:1' }],
    ['a wallet that is no EVM address', { X402_PAY_TO: '0x123' }],
    ['an asset that is no EVM address', { X402_ASSET: 'usdc' }],
    ['a facilitator URL that does not parse', { X402_FACILITATOR_URL: 'not a url' }],
    ['a facilitator URL of another scheme', { X402_FACILITATOR_URL: 'ftp://f.example' }],
  ])('is dormant with %s', (_, extra) => {
    expect(gatewayConfig(env(extra), siteData())).toHaveProperty('dormant');
  });

  // An `in` check would also find Object.prototype members (constructor, toString, __proto__).
  it.each(['constructor', 'toString', '__proto__'])(
    'is dormant for X402_NETWORK=%s, a name of an Object built-in',
    (network) => {
      expect(gatewayConfig(env({ X402_NETWORK: network, X402_ASSET: asset }), siteData())).toHaveProperty('dormant');
    },
  );
});

describe('paymentRequirements', () => {
  it('describes the one exact payment a premium slug is sold under by default', () => {
    const data = siteData();
    const config = gatewayConfig(env(), data);
    if ('dormant' in config) throw new Error(config.dormant);
    expect(paymentRequirements('paid-guide', config, data)).toEqual([
      {
        scheme: 'exact',
        network: 'base-sepolia',
        maxAmountRequired: '50000',
        resource: 'https://site.example/api/x402/paid-guide',
        description:
          'Paid guide: one fetch of this premium resource from Agent Site, as Markdown. Setting up, step by step.',
        mimeType: 'text/markdown',
        payTo,
        maxTimeoutSeconds: 90,
        asset: usdc['base-sepolia'].address,
        extra: { name: 'USDC', version: '2' },
        outputSchema: { input: { type: 'http', method: 'GET', discoverable: true } },
      },
    ]);
  });

  it('offers one payment per transfer method, in their order, the Permit2 one saying so', () => {
    const data = siteData({ transferMethods: ['permit2', 'eip3009'] });
    const config = gatewayConfig(env(), data);
    if ('dormant' in config) throw new Error(config.dormant);
    const [permit2, eip3009] = paymentRequirements('paid-guide', config, data);
    expect(permit2!.extra).toEqual({ name: 'USDC', version: '2', assetTransferMethod: 'permit2' });
    expect(eip3009!.extra).toEqual({ name: 'USDC', version: '2' });
    expect({ ...permit2, extra: null }).toEqual({ ...eip3009, extra: null });
  });

  it('names no EIP-712 domain on a Permit2 offer of an asset that is not USDC', () => {
    const data = siteData({ asset, transferMethods: ['permit2'] });
    const config = gatewayConfig(env(), data);
    if ('dormant' in config) throw new Error(config.dormant);
    expect(paymentRequirements('paid-guide', config, data)).toEqual([
      expect.objectContaining({ asset, extra: { assetTransferMethod: 'permit2' } }),
    ]);
  });

  it("signs under the EIP-712 domain of the network's USDC", () => {
    const data = siteData({ network: 'base' }, '1.25');
    const config = gatewayConfig(env(), data);
    if ('dormant' in config) throw new Error(config.dormant);
    expect(paymentRequirements('paid-guide', config, data)).toMatchObject([
      { network: 'base', maxAmountRequired: '1250000', extra: { name: 'USD Coin', version: '2' } },
    ]);
  });
});

describe('paymentRequiredV2', () => {
  it('offers the same payments as version 1 in the version 2 words: CAIP-2 network, amount, resource object', () => {
    const data = siteData({ transferMethods: ['eip3009', 'permit2'] });
    const config = gatewayConfig(env(), data);
    if ('dormant' in config) throw new Error(config.dormant);
    const v1 = paymentRequirements('paid-guide', config, data);
    expect(paymentRequiredV2('paid-guide', config, data, 'PAYMENT-SIGNATURE header is required')).toEqual({
      ...sameOfferInVersion2(v1, 'eip155:84532', 'PAYMENT-SIGNATURE header is required', slugDiscovery.service),
      extensions: { bazaar: slugDiscovery.http },
    });
  });
});
