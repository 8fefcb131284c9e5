import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadContent } from '../src/content/load-content.js';
import type { ContentModel } from '../src/content/model.js';
import { parseHeaderRules } from '../src/serve/header-rules.js';
import { emitModel } from './helpers/emit-model.js';
import { fixturesDir } from './helpers/fixtures.js';
import { inputSchemas, pathsIn, stringFields } from './helpers/input-schemas.js';

/** A valid model of a fixture, to be given values validation would refuse. */
async function validModel(fixture: string): Promise<ContentModel> {
  const { model, problems } = await loadContent(path.join(fixturesDir, fixture), { threads: false });
  expect(problems.filter((problem) => problem.severity === 'error')).toEqual([]);
  return model!;
}

/** Lines as the strictest reader splits them: CR, LF, CRLF, and the Unicode line breaks. */
function linesOf(text: string): string[] {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the separators are line ends to Python's splitlines.
  return text.split(/\r\n|[\n\r\v\f\u001c-\u001e\u0085\u2028\u2029]/);
}

function linesStartingWith(text: string, start: string): string[] {
  return linesOf(text).filter((line) => line.trimStart().startsWith(start));
}

describe('the reported line injections, forced past validation, add no line to any output', () => {
  it('a site name adds no header to `_headers` and no rule to robots.txt', async () => {
    const model = await validModel('minimal');
    model.site.name = 'T\n/*\n  X-Injected-Header: yes\nUser-agent: *\nDisallow: /';
    const files = emitModel(model);
    const rules = parseHeaderRules(files.get('public/_headers')!);
    expect(rules.flatMap((rule) => rule.headers.map(([name]) => name.toLowerCase()))).not.toContain(
      'x-injected-header',
    );
    expect(linesStartingWith(files.get('public/_headers')!, 'X-Injected-Header')).toEqual([]);
    expect(linesStartingWith(files.get('public/robots.txt')!, 'Disallow')).toEqual([]);
    expect(linesOf(files.get('public/robots.txt')!).filter((line) => line === 'User-agent: *')).toHaveLength(1);
  });

  it.each([50_000, 1000])(
    'a category title adds no link line to llms.txt, its section files or a learning path (llms.txt budget %i)',
    async (budget) => {
      const model = await validModel('minimal');
      model.site.llms_txt.max_characters = budget;
      model.site.categories!.find((category) => category.id === 'protocols')!.title =
        'Protocols\n- [INJ](https://evil.example/x)';
      const files = emitModel(model);
      const checked = [...files.keys()].filter((file) =>
        /^public\/(llms\.txt|llms\/.*\.txt|paths\/.*\.md)$/.test(file),
      );
      expect(checked).toContain('public/paths/first-path.md');
      if (budget === 1000) expect(checked.some((file) => file.startsWith('public/llms/'))).toBe(true);
      for (const file of checked) expect(linesStartingWith(files.get(file)!, '- [INJ]'), file).toEqual([]);
    },
  );

  it('a carriage return in a description starts no line in the Markdown twin', async () => {
    const model = await validModel('minimal');
    model.resources.find((resource) => resource.slug === 'wire-formats')!.description =
      'Notes on JSON Schema.\r# Injected heading';
    const markdown = emitModel(model).get('public/resources/wire-formats.md')!;
    expect(markdown).not.toContain('\r');
    expect(linesStartingWith(markdown, '# Injected')).toEqual([]);
  });
});

/** Where the model keeps what each input schema checks. */
const documentsOf: Record<string, (model: ContentModel) => unknown[]> = {
  site: (model) => [model.site],
  paths: (model) => [{ paths: model.paths }],
  cluster: (model) => model.clusters,
  'resource.frontmatter': (model) => model.resources,
  'article.frontmatter': (model) => model.articles,
};

function setAt(document: unknown, at: (string | number)[], value: string): void {
  const parent = at
    .slice(0, -1)
    .reduce<Record<string | number, unknown>>(
      (node, key) => node[key] as Record<string | number, unknown>,
      document as Record<string | number, unknown>,
    );
  parent[at.at(-1)!] = value;
}

/**
 * The every-field fixture's model with `separator` and a marker appended to every text field the
 * input schemas define (schemas/common.schema.json `line` and `paragraph`), as no validated model
 * could hold them when `separator` is a line break; and how many values were changed.
 */
async function modelWithEveryText(separator: string): Promise<{ model: ContentModel; changed: Set<string> }> {
  const model = await validModel('every-field');
  const changed = new Set<string>();
  for (const { name } of inputSchemas()) {
    const documents = documentsOf[name];
    expect(documents, `no model documents for the input schema ${name}`).toBeDefined();
    for (const field of stringFields(name).filter((candidate) => candidate.rule))
      for (const document of documents!(model))
        for (const at of pathsIn(document, field.path)) {
          const value = at.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], document);
          setAt(document, at, `${String(value)}${separator}INJECTED`);
          changed.add(`${name}:${field.path.join('.')}`);
        }
  }
  return { model, changed };
}

describe('a text field holding a line break adds no line to any output, whatever the field', () => {
  const breaks: [string, string][] = [
    ['CR', '\r'],
    ['LF', '\n'],
    ['CRLF', '\r\n'],
    ['NEL', '\u0085'],
    ['LS', '\u2028'],
    ['PS', '\u2029'],
    ['VT', '\u000b'],
  ];
  // 1000 characters split llms.txt into section files (/llms/<section>.txt, /llms-full/<section>.txt).
  const budgets = [50_000, 1000];
  const baselines = new Map<number, Promise<Map<string, string>>>();

  /** The files of the every-field model with `separator` in every text field, llms.txt within `budget`. */
  async function outputs(separator: string, budget: number) {
    const { model, changed } = await modelWithEveryText(separator);
    model.site.llms_txt.max_characters = budget;
    return { files: emitModel(model), changed };
  }

  describe.each(budgets)('llms.txt budget %i', (budget) => {
    it.each(breaks)('%s', async (_label, separator) => {
      if (!baselines.has(budget))
        baselines.set(
          budget,
          outputs(' ', budget).then(({ files }) => files),
        );
      const expected = await baselines.get(budget)!;
      const { files, changed } = await outputs(separator, budget);
      // Every text field of every input schema was set: the fixture has a value for each.
      const textFields = inputSchemas().flatMap(({ name }) =>
        stringFields(name)
          .filter((field) => field.rule)
          .map((field) => `${name}:${field.path.join('.')}`),
      );
      expect(textFields.filter((field) => !changed.has(field))).toEqual([]);

      expect([...files.keys()].sort()).toEqual([...expected.keys()].sort());
      const lineFiles = ['public/_headers', 'public/robots.txt', 'public/llms.txt', 'public/license.xml'];
      if (budget < 50_000)
        lineFiles.push('public/llms/resources-protocols.txt', 'public/llms-full/resources-protocols.txt');
      for (const file of lineFiles) expect(files.get(file), file).toContain('INJECTED');
      for (const [file, text] of files) {
        expect(linesOf(text).length, `lines of ${file}`).toBe(linesOf(expected.get(file)!).length);
        expect(linesStartingWith(text, 'INJECTED'), file).toEqual([]);
      }
    });
  });
});

describe('openapi.yaml says what openapi.json says', () => {
  it('for every string, NEL, U+2028, U+2029 and the other C1 controls included', async () => {
    const { model } = await modelWithEveryText('\u0085\u2028\u2029\u009b\u007f');
    const files = emitModel(model);
    const json: unknown = JSON.parse(files.get('public/openapi.json')!);
    expect(JSON.stringify(json)).toContain('\u0085\u2028\u2029\u009b\u007fINJECTED');
    const yaml = files.get('public/openapi.yaml')!;
    // A YAML 1.1 reader folds a raw NEL, U+2028 or U+2029 into a space; no reader here does, so
    // the text must hold them only as escapes.
    expect(yaml).not.toMatch(/[\u007f-\u009f\u2028\u2029\ufeff]/);
    expect(parse(yaml, { version: '1.1' })).toEqual(json);
    expect(parse(yaml)).toEqual(json);
  });
});
