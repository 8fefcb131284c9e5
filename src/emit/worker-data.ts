import { corpusRecords } from './corpus.js';
import type { EmitContext } from './context.js';
import { ndjsonFile, type OutputFile } from './output.js';
import { premiumOffer, resourceJson, resourceMarkdown } from './resource-json.js';
import { resourceHtml } from './resource-variants.js';
import { assertValid } from './output.js';

/**
 * What only the runtime worker may serve: every variant of each premium resource, its 402 preview,
 * and the full corpus export. Written under worker/, never under public/.
 */
export function emitWorkerData(context: EmitContext): OutputFile[] {
  const premium = context.model.resources
    .filter((resource) => resource.premium)
    .map((resource) => {
      const json = resourceJson(resource, context);
      assertValid(context.registry, 'resource', json, `worker/data/premium.json#${resource.slug}`);
      return {
        slug: resource.slug,
        offer: premiumOffer(resource, context),
        preview: { title: resource.title, description: resource.description, sections: resource.rendered.sections },
        json,
        markdown: resourceMarkdown(resource),
        html: resourceHtml(resource, context),
      };
    });
  return [
    { path: 'worker/data/premium.json', content: `${JSON.stringify({ resources: premium }, null, 2)}\n` },
    ndjsonFile(context.registry, 'worker/data/corpus.full.jsonl', corpusRecords('full', context), 'corpus-record'),
  ];
}
