import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from './fixtures.js';

const schemasDir = path.join(repoRoot, 'schemas');

type SchemaNode = Record<string, unknown>;

/** A schema of content the user writes: its name, and the files it checks as a glob under the content folder. */
export interface InputSchema {
  name: string;
  /** `resources/*.md`, from the schema's title (`Front matter of content/resources/<slug>.md`). */
  files: string;
}

/** A string field of an input schema: its path (`*` for every item of a list) and its text rule, if any. */
export interface StringField {
  path: (string | '*')[];
  /** `line` or `paragraph` of common.schema.json; none for fields an enum, pattern or format constrains. */
  rule?: 'line' | 'paragraph';
}

function readSchema(name: string): SchemaNode {
  return JSON.parse(fs.readFileSync(path.join(schemasDir, `${name}.schema.json`), 'utf8')) as SchemaNode;
}

/** Every schema in schemas/ whose title names a file of the content folder: the inputs, whatever they are. */
export function inputSchemas(): InputSchema[] {
  return fs
    .readdirSync(schemasDir)
    .filter((file) => file.endsWith('.schema.json'))
    .sort()
    .flatMap((file) => {
      const name = file.replace(/\.schema\.json$/, '');
      const named = /content\/(\S+)$/.exec(String(readSchema(name).title ?? ''));
      return named ? [{ name, files: named[1]!.replace(/<[^>]+>/g, '*') }] : [];
    });
}

/** The node a `$ref` names, as `[schema, node]`: `common.schema.json#/$defs/line` or `#/$defs/rslUsage`. */
function resolve(owner: string, ref: string): [string, SchemaNode] {
  const [file, pointer = ''] = ref.split('#');
  const name = file ? file.replace(/\.schema\.json$/, '') : owner;
  const node = pointer
    .split('/')
    .filter(Boolean)
    .reduce<SchemaNode>((at, token) => at[token] as SchemaNode, readSchema(name));
  return [name, node];
}

/** Every string field of a schema, found by walking its properties, items and references. */
export function stringFields(schema: string): StringField[] {
  const fields: StringField[] = [];
  const walk = (owner: string, node: SchemaNode, at: StringField['path'], rule?: StringField['rule']) => {
    if (typeof node.$ref === 'string') {
      const [name, target] = resolve(owner, node.$ref);
      const named = /^common\.schema\.json#\/\$defs\/(line|paragraph)$/.exec(node.$ref)?.[1] as StringField['rule'];
      const { $ref: _ref, ...siblings } = node;
      walk(name, { ...target, ...siblings }, at, named ?? rule);
      return;
    }
    const isString =
      node.type === 'string' || (Array.isArray(node.enum) && node.enum.every((value) => typeof value === 'string'));
    if (isString) fields.push({ path: at, ...(rule ? { rule } : {}) });
    for (const [key, child] of Object.entries((node.properties ?? {}) as Record<string, SchemaNode>))
      walk(owner, child, [...at, key]);
    if (node.items) walk(owner, node.items as SchemaNode, [...at, '*']);
  };
  walk(schema, readSchema(schema), []);
  return fields;
}

/** The concrete paths of `field` in `data`: each `*` stands for every item of the list there. */
export function pathsIn(data: unknown, field: StringField['path']): (string | number)[][] {
  const expand = (value: unknown, rest: StringField['path'], at: (string | number)[]): (string | number)[][] => {
    if (!rest.length) return typeof value === 'string' ? [at] : [];
    const [head, ...tail] = rest;
    if (head === '*')
      return Array.isArray(value) ? value.flatMap((item, index) => expand(item, tail, [...at, index])) : [];
    if (typeof value !== 'object' || value === null || !(head! in value)) return [];
    return expand((value as Record<string, unknown>)[head!], tail, [...at, head!]);
  };
  return expand(data, field, []);
}

/** A field's path as problems name it: `categories.*.title`. */
export function fieldName(field: StringField['path'] | (string | number)[]): string {
  return field.join('.');
}
