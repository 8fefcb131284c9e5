/**
 * How an `exact` x402 payment may move the asset: site.yaml's `x402.transfer_methods`. The gateway
 * offers one `accepts` entry per method, and every document that describes the gateway (the payment
 * manifest, the pricing catalog, `get_access_info`, the API description, llms.txt) names them from
 * here. Only these two: the official x402 clients sign both, and no other.
 */
export const transferMethods = {
  eip3009:
    "EIP-3009 transferWithAuthorization, signed under the token's own EIP-712 name and version (USDC only); no approval needed",
  permit2:
    'Permit2 PermitWitnessTransferFrom to the x402 Permit2 proxy (`extra.assetTransferMethod: "permit2"`), for any ERC-20; the payer approves Permit2 once',
} as const;

export type TransferMethod = keyof typeof transferMethods;

/** The method an offer or payment uses: x402 says EIP-3009 unless `extra.assetTransferMethod` says otherwise. */
export function transferMethodOf(extra: unknown): string {
  const named = (extra as { assetTransferMethod?: unknown } | null | undefined)?.assetTransferMethod;
  return typeof named === 'string' ? named : 'eip3009';
}

/** The offered methods with what each is, as the payment manifest lists them. */
export function transferMethodList(methods: readonly TransferMethod[]) {
  return methods.map((method) => ({ method, description: transferMethods[method] }));
}

/** The offered methods in one sentence, for the documents written in prose. */
export function transferMethodsInWords(methods: readonly TransferMethod[]): string {
  return `each 402 offers x402 \`exact\` once per transfer method: ${methods.map((method) => `\`${method}\` (${transferMethods[method]})`).join('; ')}`;
}
