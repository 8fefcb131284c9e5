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

/** The 14 tools of the MCP server, in the order tools/list returns them. */
export const tools: Tool[] = [
  listResources,
  getResource,
  getAccessInfo,
  searchResources,
  getCorpus,
  getFullCorpus,
  getPricing,
  getPaymentInfo,
  getStats,
  listArticles,
  getArticle,
  search,
  getCluster,
  checkAccess,
];
