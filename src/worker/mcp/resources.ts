import { decodeCursor, page } from './pagination.js';
import { errorCodes, RpcError } from './rpc-error.js';
import type { ArticleIndex, ResourceIndex } from './site-types.js';
import { publicPaths } from '../../shared/public-paths.js';
import type { ToolContext } from './tool.js';

const pageSize = 100;

interface Listed {
  uri: string;
  name: string;
  title: string;
  description: string;
  mimeType: 'text/markdown';
}

// The static indexes are fetched once per isolate, so the list derived from them is built once too.
const listings = new WeakMap<ResourceIndex, (Listed & { path: string })[]>();

/** Every free resource and every guide, as Markdown addressed by its canonical `.md` URL. */
async function listed(context: ToolContext): Promise<(Listed & { path: string })[]> {
  const [resources, articles] = await Promise.all([
    context.site.json<ResourceIndex>(publicPaths.resourceIndex),
    context.site.json<ArticleIndex>(publicPaths.articleIndex),
  ]);
  const known = listings.get(resources);
  if (known) return known;
  const list = [
    ...resources.resources
      .filter((resource) => !resource.premium)
      .map((resource) => ({
        uri: resource.markdown,
        name: resource.slug,
        title: resource.title,
        description: resource.description,
        mimeType: 'text/markdown' as const,
        path: publicPaths.resourceMarkdown(resource.slug),
      })),
    ...articles.articles.map((article) => ({
      uri: article.markdown,
      name: article.slug,
      title: article.title,
      description: article.description ?? '',
      mimeType: 'text/markdown' as const,
      path: publicPaths.articleMarkdown(article.slug),
    })),
  ];
  listings.set(resources, list);
  return list;
}

export async function listResourcesMethod(params: Record<string, unknown>, context: ToolContext) {
  const offset = decodeCursor(params.cursor as string | undefined);
  if (offset === null || (params.cursor !== undefined && typeof params.cursor !== 'string'))
    throw new RpcError(errorCodes.invalidParams, 'Invalid cursor: pass a nextCursor this server returned, or none.');
  const all = await listed(context);
  const { items, nextCursor } = page(all, offset, pageSize);
  return { resources: items.map(({ path: _path, ...item }) => item), ...(nextCursor ? { nextCursor } : {}) };
}

export async function readResourceMethod(params: Record<string, unknown>, context: ToolContext) {
  if (typeof params.uri !== 'string')
    throw new RpcError(errorCodes.invalidParams, 'resources/read needs `uri` (a string).');
  const entry = (await listed(context)).find((candidate) => candidate.uri === params.uri);
  if (!entry)
    throw new RpcError(
      errorCodes.resourceNotFound,
      `Resource not found: ${params.uri}. Premium resources are read with the get_resource tool and a key.`,
      { uri: params.uri },
    );
  return { contents: [{ uri: entry.uri, mimeType: entry.mimeType, text: await context.site.text(entry.path) }] };
}

export function resourceTemplatesMethod(context: ToolContext) {
  const base = context.data.site.url;
  return {
    resourceTemplates: [
      {
        uriTemplate: `${base}/resources/{slug}.md`,
        name: 'resource',
        title: 'Resource (Markdown)',
        description:
          'A free resource by slug. Premium slugs are not readable here; use the get_resource tool with a key.',
        mimeType: 'text/markdown',
      },
      {
        uriTemplate: `${base}/articles/{slug}.md`,
        name: 'article',
        title: 'Guide (Markdown)',
        description: 'A guide by slug, with its provenance header, takeaways and FAQ.',
        mimeType: 'text/markdown',
      },
    ],
  };
}
