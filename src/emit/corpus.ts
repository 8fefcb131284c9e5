import type { Resource } from '../content/model.js';
import { type EmitContext, partKey } from './context.js';
import { bodyTokens } from '../content/lazy-body.js';
import { assertValid, type KeyedRecord, keyedNdjsonFile, type OutputFile } from './output.js';
import { resourceCore, resourceSources } from './helpers/resource-json.js';
import type { CorpusRecord, CorpusRecordMeta, CorpusRecordResource } from '../schemas/types.js';
import { jsonText } from '../util/json-text.js';
import { objectOrEmpty } from '../shared/json-shapes.js';
import { joinedFields } from '../util/joined-fields.js';

export type CorpusExport = 'sample' | 'full';

/** One resource record of a corpus export. In the free sample a premium body is withheld: `text` null, teaser in `premium_summary`. */
export function corpusResourceRecord(
  resource: Resource,
  exportKind: CorpusExport,
  context: EmitContext,
): CorpusRecordResource {
  const { urls } = context;
  const withheld = resource.premium && exportKind === 'sample';
  return joinedFields(
    { type: 'resource' as const },
    resourceCore(resource),
    {
      premium: resource.premium,
      url: urls.resourceHtml(resource.slug),
      markdown: urls.resourceMarkdown(resource.slug),
      text: withheld ? null : resource.body,
    },
    resource.premium ? { premium_summary: resource.premium_summary } : {},
    {
      // Citation URLs are metadata, public for premium resources too (README: Content); the body is not.
      sources: resourceSources(resource),
      words: withheld ? 0 : resource.rendered.words,
      estimated_tokens: withheld ? 0 : bodyTokens(resource),
    },
  );
}

export function corpusMetaRecord(exportKind: CorpusExport, context: EmitContext): CorpusRecordMeta {
  const { model, urls } = context;
  const included = model.resources.filter((resource) => exportKind === 'full' || !resource.premium);
  return {
    type: 'meta',
    site: model.site.name,
    url: urls.home,
    description: model.site.description,
    export: exportKind,
    generated: context.buildDate,
    count: model.resources.length,
    premium_count: model.resources.filter((resource) => resource.premium).length,
    words: included.reduce((sum, resource) => sum + resource.rendered.words, 0),
    estimated_tokens: included.reduce((sum, resource) => sum + bodyTokens(resource), 0),
    license: urls.license,
    pricing: urls.pricing,
    full_export: urls.corpusFull,
    schema: urls.corpusSchema,
  };
}

/** The published corpus schema: the record schema with its shared definitions inlined, so it stands alone. */
export function publishedCorpusSchema(context: EmitContext): Record<string, unknown> {
  const record = context.registry.document('corpus-record');
  const common = context.registry.document('common');
  const text = JSON.stringify(record).replaceAll('"common.schema.json#/$defs/', '"#/$defs/');
  const schema = objectOrEmpty(JSON.parse(text));
  return {
    ...schema,
    $id: context.urls.corpusSchema,
    $defs: { ...objectOrEmpty(common.$defs), ...objectOrEmpty(schema.$defs) },
  };
}

/** Each resource's corpus record, made when written, under the key of its part (see KeyedPart). */
function resourceRecords(exportKind: CorpusExport, context: EmitContext): KeyedRecord[] {
  return context.model.resources.map((resource) =>
    joinedFields(partKey(resource, context), { record: () => corpusResourceRecord(resource, exportKind, context) }),
  );
}

/**
 * /api/corpus.json written record by record, byte for byte what jsonText(doc, 2) gives.
 * The records are those of corpus.jsonl, each checked against the record schema as that file is written.
 */
function corpusJsonFile(meta: CorpusRecord, resources: KeyedRecord[]): OutputFile {
  const indent = (value: unknown, depth: number) => jsonText(value, 2).replace(/\n/g, `\n${' '.repeat(depth)}`);
  return {
    path: 'public/api/corpus.json',
    content: (function* () {
      yield `{\n  "meta": ${indent(meta, 2)},\n  "resources": [`;
      let index = 0;
      for (const { key, record } of resources) {
        if (index++) yield ',';
        const make = () => `\n    ${indent(record(), 4)}`;
        yield key ? { key, make } : make();
      }
      yield resources.length ? '\n  ]\n}\n' : ']\n}\n';
    })(),
  };
}

/** The free corpus exports and their schema; the full export is a worker artifact (see worker-data). */
export function emitCorpus(context: EmitContext): OutputFile[] {
  const meta = corpusMetaRecord('sample', context);
  const resources = resourceRecords('sample', context);
  // Every record is checked against corpus-record as it is written; that the published, inlined copy
  // of that schema accepts the same lines is proven by test/build.outputs, not paid for on every build.
  const schema = publishedCorpusSchema(context);
  assertValid(context.registry, 'corpus-record', meta, 'public/api/corpus.jsonl line 1');
  return [
    keyedNdjsonFile(
      context.registry,
      'public/api/corpus.jsonl',
      [{ record: () => meta }, ...resources],
      'corpus-record',
    ),
    corpusJsonFile(meta, resources),
    { path: 'public/api/corpus.schema.json', content: `${jsonText(schema, 2)}\n` },
  ];
}
