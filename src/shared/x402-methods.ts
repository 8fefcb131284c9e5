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

/**
 * The rails the gateway takes beside x402 itself, each offered as site.yaml's `x402` settings say
 * (`railsOffered`): every document that names the transfer methods names these from here too.
 */
export const gatewayRails = {
  mpp: 'Machine Payments Protocol `evm` `charge`: `WWW-Authenticate: Payment` asks for the same amount, token and wallet; pay with `Authorization: Payment <credential>` (it signs the same EIP-3009 authorization as an x402 payment) and read the receipt in `Payment-Receipt`',
  siwx: 'Sign-In-With-X: a wallet that paid for the resource reads it again without paying by signing the `sign-in-with-x` extension of the version 2 PaymentRequired (an EIP-4361 message) and sending the proof in the `sign-in-with-x` header',
} as const;

export type GatewayRail = keyof typeof gatewayRails;

/** Which rails site.yaml offers: the charge signs an EIP-3009 authorization, re-access lasts `reaccess_days`. */
export function railsOffered(x402: { transfer_methods: readonly TransferMethod[]; reaccess_days: number }) {
  return {
    mpp: x402.transfer_methods.includes('eip3009'),
    reaccessDays: x402.reaccess_days,
  };
}

/** Each rail by name, for pages written for people: x402 always, the others as site.yaml offers them. */
export const railNames = {
  x402: 'x402',
  mpp: 'the Machine Payments Protocol',
  siwx: 'Sign-In-With-X',
} as const;

/** The rails offered, x402 first, as the pricing catalog lists them. */
export function railsList(offered: ReturnType<typeof railsOffered>): (keyof typeof railNames)[] {
  return ['x402', ...(offered.mpp ? (['mpp'] as const) : []), ...(offered.reaccessDays > 0 ? (['siwx'] as const) : [])];
}

/** The offered rails in one sentence each, for the documents written in prose; none when neither is offered. */
export function railsInWords(offered: ReturnType<typeof railsOffered>): string[] {
  return [
    ...(offered.mpp ? [`the 402 also offers a ${gatewayRails.mpp}`] : []),
    ...(offered.reaccessDays > 0
      ? [`re-access for ${offered.reaccessDays} days after paying with ${gatewayRails.siwx}`]
      : []),
  ];
}
