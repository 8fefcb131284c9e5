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

/** The metered sale of site.yaml `x402.metered_corpus`, in one sentence: what an agent signs and what it pays. */
export function meteredCorpusInWords(priceUsd: string): string {
  return `pages of the full corpus are sold over MCP (\`get_full_corpus\` without a corpus key) with x402 \`upto\` through Permit2: sign at most ${priceUsd} USD per record of \`limit\` in \`_meta["x402/payment"]\`, and pay ${priceUsd} USD per premium record the page holds (the receipt's \`amount\`)`;
}
