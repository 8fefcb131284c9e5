import { objectOrEmpty } from '../../../shared/json-shapes.js';
import { verifyKey } from '../../access-keys.js';
import { howToPayFor, paymentRequiredBody } from '../../../shared/payment-bodies.js';
import { array, boolean, object, string } from '../json-schema.js';
import { document } from '../output-schemas.js';
import { paymentRequired, x402Accepts } from '../schema-parts.js';
import { payForResource } from '../x402-payment.js';
import { x402MetaKeys } from '../../../shared/x402-transport.js';
import { publicPaths } from '../../../shared/public-paths.js';
import { getResourceArguments } from '../../../shared/mcp.js';
import { ToolArgumentError, type Tool } from '../tool.js';

export const getResource: Tool = {
  name: 'get_resource',
  title: 'Get a resource',
  description:
    'Get one resource by slug with its full Markdown `body`, outline and sources. For a premium resource without a valid key you get `access: "payment_required"` with a preview (title, description, section headings) and purchase instructions instead of the body; pass `api_key` or send the key as an Authorization: Bearer header. Where the operator configured x402, that answer is also an x402 PaymentRequired (version 2, MCP transport): retry with the PaymentPayload in `_meta["x402/payment"]` to pay for this one call; the receipt comes back in the result\'s `_meta["x402/payment-response"]`.',
  inputSchema: getResourceArguments,
  outputSchema: object(
    {
      slug: string('The slug.'),
      access: {
        enum: ['free', 'key', 'x402', 'payment_required'],
        description:
          'free: a free resource; key: premium, opened by the key; x402: premium, paid for this call with x402; payment_required: premium, not opened.',
      },
      premium: boolean('True for premium resources.'),
      resource: document(
        'The resource as its JSON variant (schemas/resource.schema.json), body included. When payment is required and x402 is configured: the x402 resource being sold (url, description, mimeType).',
      ),
      payment: paymentRequired,
      x402Version: { const: 2, description: 'Present when the result is an x402 PaymentRequired.' },
      error: string('x402: why the call was not served (no payment yet, or why the payment was refused).'),
      accepts: array(x402Accepts, 'x402: the payment requirements; pay one in `_meta["x402/payment"]`.'),
    },
    ['slug', 'access', 'premium'],
  ),
  async run(args, context, meta = {}) {
    const { site, data, env, requestKey } = context;
    const slug = args.slug as string;
    const premium = data.premium[slug];
    if (premium) {
      const key = await verifyKey((args.api_key as string | undefined) ?? requestKey, env);
      if (key) Object.assign(context.notes, { access: 'key', keyTier: key.tier, slug });
      const payment = key ? undefined : await payForResource(slug, context, meta);
      if (payment?.kind === 'dormant' || payment?.kind === 'required') {
        // A dormant gateway is not offered: following the offer would only get a 503.
        const perFetch = payment.kind === 'required';
        const unpaid = {
          slug,
          access: 'payment_required',
          premium: true,
          payment: paymentRequiredBody(slug, premium.preview, data.payment, perFetch),
        };
        const preview = `"${premium.preview.title}" is premium. Without a valid key only its preview is available: ${premium.preview.sections.join('; ')}. ${howToPayFor(data.payment, slug, perFetch)}`;
        Object.assign(context.notes, { access: 'payment-required', slug });
        if (payment.kind === 'dormant') return { structured: unpaid, summary: preview };
        return {
          structured: { ...payment.required, ...unpaid, resource: payment.required.resource },
          summary: `${payment.required.error} ${preview}`,
          isError: true,
        };
      }
      const resource = objectOrEmpty(JSON.parse(premium.json));
      return {
        structured: { slug, access: payment ? 'x402' : 'key', premium: true, resource },
        summary: `# ${String(resource.title)}\n\n${String(resource.body)}`,
        ...(payment ? { meta: { [x402MetaKeys.receipt]: payment.receipt } } : {}),
      };
    }
    const resource = await site.maybeJson<Record<string, unknown>>(publicPaths.resourceJson(slug));
    if (!resource)
      throw new ToolArgumentError(
        `\`slug\`: no resource "${slug}". Use list_resources or search_resources to find slugs.`,
      );
    return {
      structured: { slug, access: 'free', premium: false, resource },
      summary: `# ${String(resource.title)}\n\n${String(resource.body)}`,
    };
  },
};
