import { anyObject, array, boolean, integer, object, string, type JsonSchema } from './json-schema.js';

const url = (description: string) => string(description, { format: 'uri' });

export const resourceItem: JsonSchema = object(
  {
    slug: string('Resource slug.'),
    title: string('Title.'),
    description: string('One-sentence description.'),
    category: string('Category id.'),
    tags: array(string('Tag.')),
    updated: string('Last update, YYYY-MM-DD.'),
    html: url('HTML page.'),
    markdown: url('Markdown variant.'),
    json: url('JSON variant.'),
    premium: boolean('True when the body needs an access key.'),
    price: { type: 'number', description: 'Starter-key price (premium only).' },
    currency: string('Currency of price.'),
    checkout_url: url('Where to buy a key (premium only).'),
  },
  ['slug', 'title', 'description', 'category', 'tags', 'updated', 'html', 'markdown', 'json', 'premium'],
);

export const searchHit: JsonSchema = object(
  {
    type: { enum: ['resource', 'article'] },
    slug: string('Slug.'),
    title: string('Title.'),
    description: string('Description.'),
    tags: array(string('Tag.')),
    url: url('HTML page.'),
    markdown: url('Markdown variant: fetch this to read it.'),
    json: url('JSON variant.'),
    premium: boolean('True when the body needs an access key.'),
    score: integer('Weighted term hits: 3 per title hit, 2 per tag hit, 1 per description hit.'),
  },
  ['type', 'slug', 'title', 'description', 'url', 'markdown', 'premium', 'score'],
);

export const articleRef: JsonSchema = object(
  {
    slug: string('Article slug.'),
    title: string('Title.'),
    description: string('Description.'),
    kind: { enum: ['pillar', 'sub'] },
    order: integer('Reading position: 0 for the pillar.'),
    url: url('HTML page.'),
    markdown: url('Markdown variant.'),
    json: url('JSON variant.'),
  },
  ['slug', 'title', 'kind', 'url', 'markdown', 'json'],
);

/** What a caller without a valid key learns about a premium resource (schemas/payment-required.schema.json). */
export const paymentRequired: JsonSchema = object(
  {
    error: { const: 'payment_required' },
    resource: string('The slug requested.'),
    price_usd: string('Per-fetch reference price in USD.'),
    payment_url: url('Where to buy a key.'),
    how_to_pay: string('Retry instructions.'),
    terms: url('The access-and-pricing resource.'),
    license: url('The license file.'),
    pricing_catalog: url('The pricing catalog.'),
    preview: object(
      { title: string('Title.'), description: string('Description.'), sections: array(string('H2 heading.')) },
      ['title', 'description', 'sections'],
    ),
  },
  ['error', 'resource', 'price_usd', 'payment_url', 'how_to_pay', 'terms', 'license', 'pricing_catalog', 'preview'],
);

export const corpusLicenseRequired: JsonSchema = object(
  {
    error: { const: 'payment_required' },
    resource: string('The export requested.'),
    description: string('Why it is refused.'),
    free_sample: url('The free export.'),
    pricing_catalog: url('The pricing catalog.'),
    payment_url: url('Where to buy a corpus license.'),
    how_to_pay: string('Retry instructions.'),
    terms: url('The access-and-pricing resource.'),
    license: url('The license file.'),
  },
  ['error', 'resource', 'free_sample', 'payment_url', 'how_to_pay'],
);

export const document = (description: string) => anyObject(description);

export const nextCursor = string('Pass as `cursor` to get the next page; absent on the last page.');
