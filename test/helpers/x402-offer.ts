/**
 * The version 2 PaymentRequired that offers what a version 1 PaymentRequirements offers, as the
 * gateway must write it: the same price, payee, asset and timeout in version 2's words.
 */
export function sameOfferInVersion2(v1: Record<string, any>, network: string, error: string) {
  return {
    x402Version: 2,
    error,
    resource: { url: v1.resource, description: v1.description, mimeType: 'text/markdown' },
    accepts: [
      {
        scheme: 'exact',
        network,
        amount: v1.maxAmountRequired,
        asset: v1.asset,
        payTo: v1.payTo,
        maxTimeoutSeconds: v1.maxTimeoutSeconds,
        extra: v1.extra,
      },
    ],
  };
}
