import { expect, it } from 'vitest';
import { schemaRegistry } from '../../src/schemas/registry.js';
import { errorResponse } from '../../src/worker/responses.js';

// Every JSON error the worker answers without a body of its own goes through errorResponse, typed
// by the ApiError that schemas/error.schema.json generates; the schema is what openapi.json publishes.

it('an error answer has exactly the body schemas/error.schema.json describes', async () => {
  const response = errorResponse(404, 'not_found', 'No resource `nope`.', { Allow: 'GET' });
  const body: unknown = await response.json();
  const validate = schemaRegistry().validator('error');
  expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
  expect(body).toEqual({ error: 'not_found', message: 'No resource `nope`.' });
  expect(response.status).toBe(404);
  expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(response.headers.get('allow')).toBe('GET');
});
