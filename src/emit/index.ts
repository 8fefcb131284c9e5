// The emitters: one module per output family, each a function from the build's context to files.
// A new output family is a module beside this file and one line in the table below.
import type { EmitContext } from './context.js';
import type { OutputFiles } from './output.js';
import { emitArticleVariants } from './article-variants.js';
import { emitCorpus } from './corpus.js';
import { emitCrawlerFiles } from './crawler-files.js';
import { emitHeadersFile } from './headers-file.js';
import { emitArticleIndex, emitIndexes } from './indexes.js';
import { emitLicense } from './license-xml.js';
import { emitLlmsFullTxt, emitLlmsTxt } from './llms-txt.js';
import { emitPages } from './pages.js';
import { emitHomeMarkdown } from './home-markdown.js';
import { emitStylesheet } from './stylesheet.js';
import { emitClusterMarkdown, emitClusterPages } from './cluster-pages.js';
import { emitLearningPathMarkdown, emitLearningPathPages } from './learning-path-pages.js';
import { emitCategoryPages } from './category-pages.js';
import { emitTagPages } from './tag-pages.js';
import { emitSearchPage } from './search-page.js';
import { emitPricing } from './pricing.js';
import { emitResourceVariants } from './resource-variants.js';
import { emitEvalsSample, emitSamples } from './samples.js';
import { emitServerCard } from './server-card.js';
import { emitPathsIndex, emitTaxonomies } from './taxonomies.js';
import { emitWorkerData } from './worker-data.js';
import { emitWranglerConfig } from './wrangler-config.js';
import { emitOpenApi } from './openapi/emit-openapi.js';
import { emitPremiumPreviews } from './premium-previews.js';
import { emitArdManifest } from './ard-manifest.js';
import { emitAgentCard } from './agent-card.js';
import { emitMcpRegistryServer } from './mcp-registry-server.js';
import { emitSearchIndex } from './search-index.js';
import { emitSkills } from './skills.js';

/**
 * What an emitter reads: `text` ones see whole documents; `metadata` ones see documents without
 * their bodies (reading one throws), so their files are kept as they are while no document's
 * metadata, template or setting changes.
 */
export type EmitterReads = 'text' | 'metadata';

/**
 * Every output family, in the order a reader meets them in openapi.json. `agents`: every file it
 * writes is for agents, so it sees the model without the documents marked for people only.
 */
export const emitters: {
  emit: (context: EmitContext) => OutputFiles;
  reads: EmitterReads;
  agents?: true;
  /** Keys each page by the documents it lists (listingFile), so one title edit renders few of them again. */
  keysPages?: true;
  /** Hands documents' own files to render threads (EmitContext.outputs.skip); no later emitter does. */
  rendersDocuments?: true;
  /**
   * Runs once the render threads are done and gone: it holds every document's part of the index at
   * once, and the threads' memory (their copy of the metadata) need not be held beside it.
   */
  afterRendering?: true;
}[] = [
  { emit: emitResourceVariants, reads: 'text', rendersDocuments: true },
  { emit: emitArticleVariants, reads: 'text', rendersDocuments: true },
  { emit: emitIndexes, reads: 'metadata', agents: true },
  { emit: emitArticleIndex, reads: 'text', agents: true },
  { emit: emitTaxonomies, reads: 'metadata', agents: true },
  { emit: emitPathsIndex, reads: 'text', agents: true },
  { emit: emitCorpus, reads: 'text', agents: true },
  { emit: emitSamples, reads: 'text', agents: true },
  { emit: emitEvalsSample, reads: 'metadata', agents: true },
  { emit: emitPricing, reads: 'metadata', agents: true },
  { emit: emitLlmsTxt, reads: 'metadata', agents: true },
  { emit: emitLlmsFullTxt, reads: 'text', agents: true },
  { emit: emitCrawlerFiles, reads: 'metadata' },
  { emit: emitLicense, reads: 'metadata' },
  { emit: emitServerCard, reads: 'metadata', agents: true },
  { emit: emitMcpRegistryServer, reads: 'metadata', agents: true },
  { emit: emitPages, reads: 'metadata' },
  { emit: emitHomeMarkdown, reads: 'metadata', agents: true },
  { emit: emitStylesheet, reads: 'metadata' },
  { emit: emitClusterPages, reads: 'metadata' },
  { emit: emitClusterMarkdown, reads: 'metadata', agents: true },
  { emit: emitLearningPathPages, reads: 'text' },
  { emit: emitLearningPathMarkdown, reads: 'text', agents: true },
  { emit: emitCategoryPages, reads: 'metadata', keysPages: true },
  { emit: emitTagPages, reads: 'metadata', keysPages: true },
  { emit: emitSearchPage, reads: 'metadata' },
  { emit: emitSearchIndex, reads: 'text', afterRendering: true },
  { emit: emitHeadersFile, reads: 'metadata' },
  { emit: emitWorkerData, reads: 'text', agents: true },
  { emit: emitWranglerConfig, reads: 'metadata' },
  { emit: emitArdManifest, reads: 'metadata', agents: true },
  { emit: emitAgentCard, reads: 'metadata', agents: true },
  // Reads the skills/ folder and every document's metadata: made again on every build, which costs little.
  { emit: emitSkills, reads: 'text', agents: true },
  { emit: emitOpenApi, reads: 'metadata', agents: true },
  { emit: emitPremiumPreviews, reads: 'metadata' },
];
