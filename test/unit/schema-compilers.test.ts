import { describe, expect, it } from 'vitest';
import { draft07Compiler, draft2020Compiler } from '../../src/schemas/schema-compilers.js';

// The compilers for schemas no ahead-of-time validator covers: Ajv is loaded when one is made.
describe('run-time schema compilers', () => {
  const emailSchema = { type: 'object', properties: { contact: { type: 'string', format: 'email' } } };

  it('checks formats only when asked to', () => {
    for (const compiler of [draft07Compiler, draft2020Compiler]) {
      const strict = compiler({ strict: false }, { formats: true }).compile(emailSchema);
      expect(strict({ contact: 'someone@example.com' })).toBe(true);
      expect(strict({ contact: 'not an address' })).toBe(false);
      const lax = compiler({ strict: false, validateFormats: false }).compile(emailSchema);
      expect(lax({ contact: 'not an address' })).toBe(true);
    }
  });

  it('compiles each draft with its own keywords', () => {
    // `prefixItems` is a 2020-12 keyword: draft-07 ignores it in non-strict mode, 2020-12 applies it.
    const pair = { type: 'array', prefixItems: [{ type: 'number' }] };
    expect(draft2020Compiler({ strict: false }).compile(pair)(['one'])).toBe(false);
    expect(draft07Compiler({ strict: false }).compile(pair)(['one'])).toBe(true);
  });
});
