import { openApi31Validator } from './oas-schema.js';

/** Thrown when the compiler wrote an OpenAPI document that is not valid: a bug here, never the user's. */
export class OpenApiDocumentError extends Error {
  override readonly name = 'OpenApiDocumentError';
  constructor(file: string, details: string[]) {
    super(
      `The build produced ${file}, which is not a valid OpenAPI 3.1 document: ${details.slice(0, 3).join('; ')}. This is a bug in agentdir; please report it with your site.yaml.`,
    );
  }
}

/** The value a local JSON pointer (`#/components/schemas/X`) names in `document`, or undefined. */
export function resolvePointer(document: unknown, ref: string): unknown {
  let node = document;
  for (const token of ref.slice(2).split('/')) {
    const key = decodeURIComponent(token).replaceAll('~1', '/').replaceAll('~0', '~');
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

function unresolvedRefs(document: unknown): string[] {
  const problems: string[] = [];
  const walk = (node: unknown, at: string) => {
    if (Array.isArray(node)) {
      for (const [index, item] of node.entries()) walk(item, `${at}/${index}`);
    } else if (typeof node === 'object' && node !== null) {
      for (const [key, value] of Object.entries(node)) {
        if (key === '$ref' && typeof value === 'string' && resolvePointer(document, value) === undefined)
          problems.push(`${at}/$ref: ${value} names nothing in the document`);
        else walk(value, `${at}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`);
      }
    }
  };
  walk(document, '');
  return problems;
}

/**
 * Checks the document against the OpenAPI 3.1 schema and that every reference resolves, and throws
 * with the first problems located. The component schemas are schemas/ as compiled for every build;
 * the tests compile them again inside the document, with a second OpenAPI parser.
 */
export function checkOpenApiDocument(file: string, document: Record<string, unknown>): void {
  const validate = openApi31Validator();
  const problems = validate(document)
    ? []
    : (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message ?? ''}`.trim());
  problems.push(...unresolvedRefs(document));
  if (problems.length) throw new OpenApiDocumentError(file, problems);
}
