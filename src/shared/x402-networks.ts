/**
 * The networks the gateway sells on. x402 version 1 names a network (`base`); version 2 uses its
 * CAIP-2 id (`eip155:8453`). Configuration accepts either spelling. `usdc` is the default asset with
 * the EIP-712 domain (name, version) its transferWithAuthorization signs under.
 */
export const networks = {
  base: {
    caip2: 'eip155:8453',
    usdc: { address: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', name: 'USD Coin', version: '2', decimals: 6 },
  },
  'base-sepolia': {
    caip2: 'eip155:84532',
    usdc: { address: '0x036CbD53842c5426634e7929541eC2318f3dCF7e', name: 'USDC', version: '2', decimals: 6 },
  },
} as const;

export type X402Network = keyof typeof networks;

/** The network a configured name stands for (`base` or `eip155:8453`), or undefined. */
export function networkNamed(name: string): X402Network | undefined {
  if (Object.hasOwn(networks, name)) return name as X402Network;
  return (Object.keys(networks) as X402Network[]).find((network) => networks[network].caip2 === name);
}
