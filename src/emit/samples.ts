import { type EmitContext, partKey } from './context.js';
import { type KeyedRecord, keyedNdjsonFile, ndjsonFile, type OutputFile } from './output.js';
import type { EvalsRecord } from '../schemas/types.js';
import { joinedFields } from '../util/joined-fields.js';

/** Chat-format supervised fine-tuning examples from free resources: the resource's own words as the answer. */
export function finetuneRecords(context: EmitContext): KeyedRecord[] {
  const { site } = context.model;
  const system = `You are a reference assistant for ${site.name}. Answer accurately and cite the resource you draw on.`;
  // Each example, which copies a whole body, is made only when its line is written.
  return context.model.resources
    .filter((resource) => !resource.premium)
    .map((resource) =>
      joinedFields(partKey(resource, context), {
        record: () => ({
          messages: [
            { role: 'system', content: system },
            { role: 'user', content: `Explain "${resource.title}" for an engineer building AI agents.` },
            {
              role: 'assistant',
              content: `${resource.description}\n\n${resource.body}\n\nSource: ${context.urls.resourceHtml(resource.slug)}`,
            },
          ],
        }),
      }),
    );
}

const evalQuestions = {
  title: (slug: string) => `What is the title of the resource with the slug "${slug}"?`,
  description: (title: string) => `In one sentence, what does the resource "${title}" cover?`,
  category: (title: string) => `Which category is the resource "${title}" filed under?`,
} as const;

/** Question and expected-answer pairs; each answer is copied verbatim from a field of a free resource. */
export function evalsRecords(context: EmitContext): EvalsRecord[] {
  return context.model.resources
    .filter((resource) => !resource.premium)
    .flatMap((resource) =>
      (['title', 'description', 'category'] as const).map((field) => ({
        id: `${resource.slug}:${field}`,
        question: field === 'title' ? evalQuestions.title(resource.slug) : evalQuestions[field](resource.title),
        expected_answer: resource[field],
        slug: resource.slug,
        field,
        source: context.urls.resourceJson(resource.slug),
      })),
    );
}

/** The fine-tune sample, whose answers are bodies. */
export function emitSamples(context: EmitContext): OutputFile[] {
  return [
    keyedNdjsonFile(context.registry, 'public/api/finetune-sample.jsonl', finetuneRecords(context), 'finetune-record'),
  ];
}

/** The evals sample: questions and answers from titles, descriptions and categories, so kept while no metadata changes. */
export function emitEvalsSample(context: EmitContext): OutputFile[] {
  return [ndjsonFile(context.registry, 'public/api/evals-sample.jsonl', evalsRecords(context), 'evals-record')];
}
