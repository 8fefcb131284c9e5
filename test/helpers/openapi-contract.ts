import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { RuntimeResponse } from './runtimes.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

type Json = Record<string, any>;

/** A JSON pointer as a URI fragment: `~` and `/` escaped, then percent-encoded (`{slug}` is not URI-safe). */
const pointer = (...tokens: string[]) =>
  tokens.map((token) => encodeURIComponent(token.replaceAll('~', '~0').replaceAll('/', '~1'))).join('/');

/**
 * Checks answers against an OpenAPI document the way a client generated from it would read them:
 * the path and method must be an operation, the status one of its responses, the media type one of
 * that response's, and the body valid against the schema given for it (each line, for NDJSON).
 */
export class OpenApiContract {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly routes: { template: string; pattern: RegExp }[];

  constructor(readonly document: Json) {
    addFormats(this.ajv);
    this.ajv.addSchema(document, 'openapi');
    this.routes = Object.keys(document.paths).map((template) => ({
      template,
      pattern: new RegExp(
        `^${template
          .split(/(\{[^}]+\})/)
          .map((part) =>
            part.startsWith('{') ? '[a-z0-9]+(?:-[a-z0-9]+)*' : part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'),
          )
          .join('')}$`,
      ),
    }));
  }

  /** The operation a request is answered by: `[template, method]`, or undefined. */
  operationOf(method: string, pathname: string): { template: string; operation: Json } | undefined {
    const route = this.routes.find(({ pattern }) => pattern.test(pathname.split('?')[0]!));
    const operation = route && this.document.paths[route.template][method.toLowerCase()];
    return operation ? { template: route.template, operation } : undefined;
  }

  /** What about this answer the document does not describe; empty when all of it is described. */
  problems(method: string, pathname: string, response: RuntimeResponse): string[] {
    const found = this.operationOf(method, pathname);
    if (!found) return [`${method} ${pathname}: no operation in the document`];
    const status = String(response.status);
    const described = found.operation.responses[status] ?? found.operation.responses.default;
    if (!described) return [`${method} ${pathname}: status ${status} is not among the operation's responses`];
    const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (!described.content)
      return response.body ? [`${method} ${pathname}: ${status} has a body the document does not describe`] : [];
    const media = described.content[type];
    if (!media)
      return [
        `${method} ${pathname}: ${status} answered ${type || 'no media type'}, described: ${Object.keys(described.content).join(', ')}`,
      ];
    const base = pointer(
      'paths',
      found.template,
      method.toLowerCase(),
      'responses',
      status in found.operation.responses ? status : 'default',
      'content',
      type,
    );
    if (type === 'application/x-ndjson') {
      const validate = this.validator(`${base}/schema/items`);
      return response.body
        .split('\n')
        .filter(Boolean)
        .flatMap((line, index) =>
          validate(JSON.parse(line))
            ? []
            : [`${method} ${pathname}: line ${index + 1}: ${this.ajv.errorsText(validate.errors)}`],
        );
    }
    if (!/json$/.test(type)) return [];
    const validate = this.validator(`${base}/schema`);
    return validate(JSON.parse(response.body))
      ? []
      : [`${method} ${pathname}: ${status} body: ${this.ajv.errorsText(validate.errors)}`];
  }

  private validator(at: string): ValidateFunction {
    let validate = this.validators.get(at);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `openapi#/${at}` });
      this.validators.set(at, validate);
    }
    return validate;
  }
}
