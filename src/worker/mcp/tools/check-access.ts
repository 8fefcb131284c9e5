import { verifyKey } from '../../access-keys.js';
import { howToPayFor } from '../../../shared/payment-bodies.js';
import { gatewayConfigured } from '../../x402/requirements.js';
import { apiKeyArgument, boolean, input, object, slugArgument, string } from '../json-schema.js';
import type { ResourceIndex } from '../site-types.js';
import { keyTiers } from '../../../shared/key-hash.js';
import { publicPaths } from '../../../shared/public-paths.js';
import { ToolArgumentError, type Tool } from '../tool.js';

export const checkAccess: Tool = {
  name: 'check_access',
  title: 'Check access to a resource',
  description:
    'Tell whether a resource is premium and whether a given key (api_key, or the key sent with this request) opens it. Reveals nothing about any other key.',
  inputSchema: input({ slug: slugArgument('resource'), api_key: apiKeyArgument }, ['slug']),
  outputSchema: object(
    {
      slug: string('The slug.'),
      premium: boolean('True when the body needs a key.'),
      key_provided: boolean('Whether a key was supplied.'),
      key_valid: boolean('Whether the supplied key is valid (not revoked).'),
      can_read: boolean('Whether the body can be read with what was supplied.'),
      tier: { enum: [...keyTiers], description: 'Tier of the supplied key, when valid.' },
      next_step: string('What to do to read it.'),
    },
    ['slug', 'premium', 'key_provided', 'key_valid', 'can_read', 'next_step'],
  ),
  async run(args, { site, data, env, requestKey }) {
    const slug = args.slug as string;
    const index = await site.json<ResourceIndex>(publicPaths.resourceIndex);
    const resource = index.resources.find((entry) => entry.slug === slug);
    if (!resource) throw new ToolArgumentError(`\`slug\`: no resource "${slug}".`);
    const supplied = (args.api_key as string | undefined) ?? requestKey;
    const key = await verifyKey(supplied, env);
    const canRead = !resource.premium || key !== null;
    return {
      structured: {
        slug,
        premium: resource.premium,
        key_provided: Boolean(supplied),
        key_valid: key !== null,
        can_read: canRead,
        ...(key ? { tier: key.tier } : {}),
        next_step: canRead
          ? `Read it with get_resource or at ${resource.markdown}.`
          : howToPayFor(data.payment, slug, gatewayConfigured(env, data)),
      },
      summary: canRead ? `You can read ${slug}.` : `${slug} is premium and needs a valid key.`,
    };
  },
};
