import { describe, expect, it } from 'vitest';
import type { Article, ContentModel, Resource } from '../../src/content/model.js';
import type { EmitContext } from '../../src/emit/context.js';
import { articleItem, resourceItem } from '../../src/emit/helpers/listing-items.js';
import { filesRenderer, listingFile, shownDocuments } from '../../src/emit/helpers/shown-documents.js';

// Only the fields shownDocuments and the check read: the check runs before an item is made.
const resource = (slug: string) => ({ slug, category: 'data', tags: [] }) as unknown as Resource;
const article = (slug: string, resources: string[]) => ({ slug, clusterId: 'basics', resources }) as unknown as Article;

const cited = resource('cited');
const other = resource('other');
const pillar = article('pillar', ['cited']);
const sub = article('sub', []);
const model = {
  resources: [cited, other],
  articles: [pillar, sub],
  clusters: [{ id: 'basics', pillar, subs: [sub] }],
} as unknown as ContentModel;
const context = {} as EmitContext;

describe('which documents a page may show', () => {
  it('names the guides citing a resource, and a guide’s cluster and cited resources', () => {
    expect(shownDocuments(cited, model)).toEqual([pillar]);
    expect(shownDocuments(other, model)).toEqual([]);
    expect(shownDocuments(pillar, model)).toEqual([sub, cited]);
    expect(shownDocuments(sub, model)).toEqual([pillar]);
  });

  it('throws when a document’s files ask for the item of a document their key does not cover', () => {
    const within = filesRenderer(other, model);
    expect(() => within(() => articleItem(pillar, context))).toThrow(/resource:other show article:pillar/);
    expect(() => filesRenderer(sub, model)(() => resourceItem(cited, context))).toThrow(
      /article:sub show resource:cited/,
    );
  });

  it('throws when a tag or category page asks for the item of a document it does not list', () => {
    const render = () =>
      listingFile(context, 'public/tags/x/index.html', [other], () => {
        resourceItem(cited, context);
        return { path: 'public/tags/x/index.html', content: '' };
      });
    expect(render).toThrow(/public\/tags\/x\/index.html show resource:cited/);
  });
});
