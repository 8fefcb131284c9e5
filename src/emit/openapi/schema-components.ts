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

/**
 * The schemas of schemas/ as OpenAPI components, taken as written, never restated: `$id` and
 * `$schema` go (the document's dialect is JSON Schema 2020-12 already) and every reference is
 * rewritten to point into the components, so the document stands alone.
 */
export function schemaComponents(registry: SchemaRegistry, names: readonly SchemaName[]): Record<string, unknown> {
  const components: Record<string, unknown> = {};
  for (const name of [...new Set(names)].sort()) {
    const { $id: _id, $schema: _schema, ...schema } = registry.document(name);
    components[componentName(name)] = rewriteRefs(schema, name);
  }
  return components;
}

/** `common.schema.json#/$defs/url` -> `#/components/schemas/Common/$defs/url`; `#/$defs/x` stays in its own component. */
function rewriteRefs(value: unknown, owner: SchemaName): unknown {
  if (Array.isArray(value)) return value.map((item) => rewriteRefs(item, owner));
  if (typeof value !== 'object' || value === null) return value;
  const result: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    result[key] = key === '$ref' && typeof item === 'string' ? componentPointer(item, owner) : rewriteRefs(item, owner);
  }
  return result;
}

function componentPointer(ref: string, owner: SchemaName): string {
  const [file = '', fragment = ''] = ref.split('#');
  const target = file ? (file.replace(/\.schema\.json$/, '') as SchemaName) : owner;
  return `#/components/schemas/${componentName(target)}${fragment}`;
}

/** Every schema a set of components refers to, so a document that names `Resource` also carries `Common`. */
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
