import { mcpToolNames, type McpToolName } from '../../../shared/mcp.js';
import type { Tool } from '../tool.js';
import { getArticle, getCluster, listArticles } from './articles.js';
import { checkAccess } from './check-access.js';
import { getAccessInfo } from './get-access-info.js';
import { getCorpus, getFullCorpus } from './get-corpus.js';
import { getResource } from './get-resource.js';
import { getStats } from './get-stats.js';
import { listResources } from './list-resources.js';
import { search, searchResources } from './search-resources.js';
import { getPaymentInfo, getPricing } from './site-documents.js';

/**
 * One tool per published name (src/shared/mcp.ts): a listed name without a tool, or a name not in the
 * list, fails to compile; test/unit/mcp-tool-names.test.ts checks that each tool sits under its own name.
 */
const toolsByName = {
  list_resources: listResources,
  get_resource: getResource,
  get_access_info: getAccessInfo,
  search_resources: searchResources,
  get_corpus: getCorpus,
  get_full_corpus: getFullCorpus,
  get_pricing: getPricing,
  get_payment_info: getPaymentInfo,
  get_stats: getStats,
  list_articles: listArticles,
  get_article: getArticle,
  search,
  get_cluster: getCluster,
  check_access: checkAccess,
} satisfies Record<McpToolName, Tool>;

/** The tools of the MCP server, in the order tools/list returns them: the order of `mcpToolNames`. */
export const tools: Tool[] = mcpToolNames.map((name) => toolsByName[name]);
