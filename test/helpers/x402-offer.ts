/**
 * The version 2 PaymentRequired that offers what version 1 PaymentRequirements offer, as the
 * gateway must write it: the same offers (one per transfer method) with the same price, payee,
 * asset and timeout in version 2's words.
 */
export function sameOfferInVersion2(v1: Record<string, any>[], network: string, error: string) {
  return {
    x402Version: 2,
    error,
    resource: { url: v1[0]!.resource, description: v1[0]!.description, mimeType: 'text/markdown' },
    accepts: v1.map((offer) => ({
      scheme: 'exact',
      network,
      amount: offer.maxAmountRequired,
      asset: offer.asset,
      payTo: offer.payTo,
      maxTimeoutSeconds: offer.maxTimeoutSeconds,
      extra: offer.extra,
    })),
  };
}
