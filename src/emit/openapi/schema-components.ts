import type { SchemaName, SchemaRegistry } from '../../schemas/registry.js';

/** The component name of a schema in the OpenAPI document: `resource-index` -> `ResourceIndex`. */
export function componentName(schema: SchemaName): string {
  return schema
    .split(/[-.]/)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');
}

export function componentRef(schema: SchemaName): { $ref: string } {
  return { $ref: `#/components/schemas/${componentName(schema)}` };
}

type Json = Record<string, unknown>;

/** A schema that is only a library of `$defs` (common.schema.json): it validates nothing itself. */
function isDefinitionLibrary(schema: Json): boolean {
  return Object.keys(schema).every((key) =>
    ['$id', '$schema', '$comment', 'title', 'description', '$defs'].includes(key),
  );
}

/** The component of one definition of a library: `common` `articleRef` -> `CommonArticleRef`. */
function definitionComponentName(library: SchemaName, definition: string): string {
  return componentName(library) + definition.charAt(0).toUpperCase() + definition.slice(1);
}

/**
 * The schemas of schemas/ as OpenAPI components, taken as written, never restated: `$id` and
 * `$schema` go (the document's dialect is JSON Schema 2020-12 already) and every reference is
 * rewritten to point into the components, so the document stands alone. A library of definitions
 * is no schema to answer with: each definition the document uses is a component of its own
 * (`CommonUrl`), which references name whole, as OpenAPI tools expect.
 */
export function schemaComponents(registry: SchemaRegistry, names: readonly SchemaName[]): Record<string, unknown> {
  const libraries = new Set(registry.names().filter((name) => isDefinitionLibrary(registry.document(name))));
  const components: Record<string, unknown> = {};
  const definitions = new Map<string, { library: SchemaName; definition: string }>();
  const rewrite = (value: unknown, owner: SchemaName) =>
    rewriteRefs(value, (ref) => {
      const [file = '', fragment = ''] = ref.split('#');
      const target = file ? (file.replace(/\.schema\.json$/, '') as SchemaName) : owner;
      const [, definition, rest] = /^\/\$defs\/([^/]+)(.*)$/.exec(fragment) ?? [];
      if (!libraries.has(target) || !definition) return `#/components/schemas/${componentName(target)}${fragment}`;
      const name = definitionComponentName(target, definition);
      definitions.set(name, { library: target, definition });
      return `#/components/schemas/${name}${rest}`;
    });
  for (const name of new Set(names)) {
    if (libraries.has(name)) continue;
    const { $id: _id, $schema: _schema, ...schema } = registry.document(name);
    components[componentName(name)] = rewrite(schema, name);
  }
  // A definition may use others of its library (`tags` its `slug`): take them in until none is new.
  for (const [name, { library, definition }] of definitions) {
    if (!(name in components)) {
      const defs = registry.document(library).$defs as Json;
      components[name] = rewrite(defs[definition], library);
    }
  }
  return Object.fromEntries(Object.entries(components).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** `value` with every `$ref` string replaced by what `pointer` makes of it. */
function rewriteRefs(value: unknown, pointer: (ref: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => rewriteRefs(item, pointer));
  if (typeof value !== 'object' || value === null) return value;
  const result: Json = {};
  for (const [key, item] of Object.entries(value)) {
    result[key] = key === '$ref' && typeof item === 'string' ? pointer(item) : rewriteRefs(item, pointer);
  }
  return result;
}

/** Every schema a set of components refers to, so a document that names `Resource` also carries what it uses of `common`. */
export function referencedSchemas(registry: SchemaRegistry, roots: readonly SchemaName[]): SchemaName[] {
  const found = new Set<SchemaName>();
  const visit = (name: SchemaName) => {
    if (found.has(name)) return;
    found.add(name);
    const text = JSON.stringify(registry.document(name));
    for (const match of text.matchAll(/"\$ref":"([a-z0-9.-]+)\.schema\.json/g)) visit(match[1] as SchemaName);
  };
  for (const root of roots) visit(root);
  return [...found].sort();
}
