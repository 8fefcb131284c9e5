// The shapes of the static files the MCP tools read: the types generated from schemas/.

import type * as Schema from '../../schemas/types.js';

export type ResourceIndex = Schema.ResourceIndex;
export type ResourceIndexItem = ResourceIndex['resources'][number];
export type ArticleIndex = Schema.ArticleIndex;
export type ArticleIndexItem = ArticleIndex['articles'][number];
export type SearchIndexRow = Schema.SearchIndex['rows'][number];
export type CorpusRecord = Schema.CorpusRecord;
