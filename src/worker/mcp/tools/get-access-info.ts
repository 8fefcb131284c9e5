import { array, input, object, string } from '../json-schema.js';
import type { ResourceIndex } from '../site-types.js';
import { keyTiers, type KeyTier } from '../../../shared/key-hash.js';
import { publicPaths } from '../../../shared/public-paths.js';
import type { Tool } from '../tool.js';
import { x402MetaKeys } from '../../../shared/x402-transport.js';
import { howToPayFor } from '../../../shared/payment-bodies.js';
import { gatewayConfig } from '../../x402/requirements.js';
import { railsList, railsOffered } from '../../../shared/x402-methods.js';

/** What a key of each tier opens, in words. */
const tierOpens: Record<KeyTier, string> = {
  starter: 'every premium resource body',
  corpus: 'every premium resource body and the full corpus export',
  redistribution: 'as corpus, with redistribution rights',
};

export const getAccessInfo: Tool = {
  name: 'get_access_info',
  title: 'How access works',
  description:
    'Explain how to read premium resources: which slugs are premium, how to present an access key (Authorization: Bearer, then x-api-key), where to buy one, what a key tier opens, and, where the operator configured x402, how to pay per fetch instead.',
  inputSchema: input({}),
  outputSchema: object(
    {
      premium: array(string('Premium slug.')),
      key_headers: array(string('Header form, in the order they are checked.')),
      tiers: array(object({ id: string('Tier.'), opens: string('What a key of this tier opens.') }, ['id', 'opens'])),
      payment_url: string('Where to buy a key.', { format: 'uri' }),
      how_to_pay: string('Retry instructions.'),
      x402_endpoint: string(
        'Per-fetch payment endpoint template (x402 versions 1 and 2); present only while the gateway is configured.',
      ),
      x402_mcp: string(
        'How to pay for one get_resource call inside MCP (x402 version 2); present only while the gateway is configured.',
      ),
      x402_metered: string(
        'The tool sold per record with x402 `upto` (get_full_corpus), when the operator meters it; present only while the gateway is configured.',
      ),
      x402_transfer_methods: array(
        { enum: ['eip3009', 'permit2'] },
        'How an x402 `exact` payment may move the asset, one offer each (Permit2 offers say `extra.assetTransferMethod: "permit2"`); present only while the gateway is configured.',
      ),
      x402_rails: array(
        { enum: ['x402', 'mpp', 'siwx'] },
        'Rails of /api/x402/{slug}: x402, mpp (Machine Payments Protocol charge), siwx (Sign-In-With-X re-access); present only while the gateway is configured.',
      ),
      terms: string('Terms (Markdown).', { format: 'uri' }),
      pricing_catalog: string('Pricing catalog.', { format: 'uri' }),
      free: string('What needs no key.'),
    },
    ['premium', 'key_headers', 'tiers', 'payment_url', 'how_to_pay', 'terms', 'pricing_catalog', 'free'],
  ),
  async run(_args, { site, data, env }) {
    const index = await site.json<ResourceIndex>(publicPaths.resourceIndex);
    const premium = index.resources.filter((resource) => resource.premium).map((resource) => resource.slug);
    // A dormant gateway answers 503: it is not offered.
    const config = gatewayConfig(env, data);
    const perFetch = !('dormant' in config);
    const howToPay = howToPayFor(data.payment, '{slug}', perFetch);
    const structured = {
      premium,
      key_headers: ['Authorization: Bearer <API_KEY>', 'x-api-key: <API_KEY>'],
      tiers: keyTiers.map((id) => ({ id, opens: tierOpens[id] })),
      payment_url: data.payment.payment_url,
      how_to_pay: howToPay,
      ...(perFetch
        ? {
            x402_endpoint: `${data.site.url}/api/x402/{slug}`,
            x402_mcp: `get_resource for a premium slug without a key is a tool error carrying an x402 PaymentRequired; call it again with the PaymentPayload in _meta["${x402MetaKeys.payment}"]; the receipt is in the result's _meta["${x402MetaKeys.receipt}"].`,
            x402_transfer_methods: config.methods,
            // Re-access reads the payments ledger, as the gateway does: offered only while it is kept.
            x402_rails: railsList(
              railsOffered({
                transfer_methods: config.methods,
                reaccess_days: env.AGENTDIR_DB ? data.x402.reaccessDays : 0,
              }),
            ),
            ...(data.x402.meteredCorpus ? { x402_metered: 'get_full_corpus' } : {}),
          }
        : {}),
      terms: data.payment.terms,
      pricing_catalog: data.payment.pricing_catalog,
      free: 'Every other resource, every guide, the indexes, the free corpus sample, llms.txt and the MCP server need no key.',
    };
    return { structured, summary: `Premium: ${premium.join(', ')}. ${howToPay}` };
  },
};
