import type { SchemaName, SchemaRegistry } from '../../schemas/registry.js';
import { resolvePointer } from '../openapi/check-document.js';

type Json = Record<string, unknown>;

/**
 * A schema of schemas/ with every reference replaced by what it names (no `$id`, `$schema` or
 * `$defs` left): for readers that must not follow a reference out of the document they were given.
 */
export function standaloneSchema(registry: SchemaRegistry, name: SchemaName): Json {
  const expand = (value: unknown, owner: SchemaName): unknown => {
    if (Array.isArray(value)) return value.map((item) => expand(item, owner));
    if (typeof value !== 'object' || value === null) return value;
    const { $ref, $id: _id, $schema: _schema, $defs: _defs, ...rest } = value as Json;
    const own = Object.fromEntries(Object.entries(rest).map(([key, item]) => [key, expand(item, owner)]));
    if (typeof $ref !== 'string') return own;
    const [file = '', fragment = ''] = $ref.split('#');
    const target = file ? (file.replace(/\.schema\.json$/, '') as SchemaName) : owner;
    const document = registry.document(target);
    // What the reference names, then the keywords written beside it, which win.
    return { ...(expand(fragment ? resolvePointer(document, `#${fragment}`) : document, target) as Json), ...own };
  };
  return expand(registry.document(name), name) as Json;
}
