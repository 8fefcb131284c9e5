import { array, boolean, cursorArgument, input, limitArgument, object, string } from '../json-schema.js';
import { nextCursor } from '../output-schemas.js';
import { resourceIndexItem } from '../schema-parts.js';
import { decodeCursor, page } from '../pagination.js';
import type { ResourceIndex } from '../site-types.js';
import { publicPaths } from '../../../shared/public-paths.js';
import { ToolArgumentError, type Tool } from '../tool.js';

export const listResources: Tool = {
  name: 'list_resources',
  title: 'List resources',
  description:
    "List the directory's resources with metadata and the URLs of their HTML, Markdown and JSON variants. Filter by `category`, `tag` or `premium`; page with `cursor`. Premium resources need an access key to read (see get_access_info).",
  inputSchema: input({
    category: string('Only resources in this category id.', { maxLength: 100 }),
    tag: string('Only resources with this tag.', { maxLength: 100 }),
    premium: boolean('true: only premium resources; false: only free ones.'),
    cursor: cursorArgument,
    limit: limitArgument(100, 50),
  }),
  outputSchema: object({ total: { type: 'integer' }, resources: array(resourceIndexItem), nextCursor }, [
    'total',
    'resources',
  ]),
  async run(args, { site }) {
    const offset = decodeCursor(args.cursor as string | undefined);
    if (offset === null)
      throw new ToolArgumentError('`cursor` is not a cursor this server issued; omit it to start from the first page.');
    const index = await site.json<ResourceIndex>(publicPaths.resourceIndex);
    const matching = index.resources.filter(
      (resource) =>
        (args.category === undefined || resource.category === args.category) &&
        (args.tag === undefined || resource.tags.includes(args.tag as string)) &&
        (args.premium === undefined || resource.premium === args.premium),
    );
    const { items, nextCursor: next } = page(matching, offset, (args.limit as number | undefined) ?? 50);
    return {
      structured: { total: matching.length, resources: items, ...(next ? { nextCursor: next } : {}) },
      summary: `${matching.length} resources match; showing ${items.length} from position ${offset + 1}.`,
    };
  },
};
