import { verifyKey } from '../../access-keys.js';
import { howToPayFor, paymentRequiredBody } from '../../payment-required.js';
import { apiKeyArgument, boolean, input, object, slugArgument, string } from '../json-schema.js';
import { document } from '../output-schemas.js';
import { paymentRequired } from '../schema-parts.js';
import { publicPaths } from '../../../shared/public-paths.js';
import { ToolArgumentError, type Tool } from '../tool.js';

export const getResource: Tool = {
  name: 'get_resource',
  title: 'Get a resource',
  description:
    'Get one resource by slug with its full Markdown `body`, outline and sources. For a premium resource without a valid key you get `access: "payment_required"` with a preview (title, description, section headings) and purchase instructions instead of the body; pass `api_key` or send the key as an Authorization: Bearer header.',
  inputSchema: input({ slug: slugArgument('resource'), api_key: apiKeyArgument }, ['slug']),
  outputSchema: object(
    {
      slug: string('The slug.'),
      access: {
        enum: ['free', 'key', 'payment_required'],
        description: 'free: a free resource; key: premium, opened by the key; payment_required: premium, no valid key.',
      },
      premium: boolean('True for premium resources.'),
      resource: document(
        'The resource as its JSON variant (schemas/resource.schema.json), body included. Absent when payment is required.',
      ),
      payment: paymentRequired,
    },
    ['slug', 'access', 'premium'],
  ),
  async run(args, { site, data, env, requestKey }) {
    const slug = args.slug as string;
    const premium = data.premium[slug];
    if (premium) {
      const key = await verifyKey((args.api_key as string | undefined) ?? requestKey, env);
      if (!key) {
        return {
          structured: {
            slug,
            access: 'payment_required',
            premium: true,
            payment: paymentRequiredBody(slug, premium.preview, data.payment),
          },
          summary: `"${premium.preview.title}" is premium. Without a valid key only its preview is available: ${premium.preview.sections.join('; ')}. ${howToPayFor(data.payment, slug)}`,
        };
      }
      const resource = JSON.parse(premium.json) as Record<string, unknown>;
      return {
        structured: { slug, access: 'key', premium: true, resource },
        summary: `# ${String(resource.title)}\n\n${String(resource.body)}`,
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
