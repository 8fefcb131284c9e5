import { describe, expect, it } from 'vitest';
import { bearerChallenge, keyRefusal } from '../../src/worker/bearer-challenge.js';

describe('the WWW-Authenticate challenge of a gated 402', () => {
  it('carries no error code when no key was presented (RFC 6750 section 3.1)', () => {
    expect(keyRefusal(null, null)).toBe('missing');
    expect(bearerChallenge('https://site.example', 'missing')).toBe('Bearer realm="https://site.example"');
  });

  it('says invalid_token for a key that matched nothing, insufficient_scope for a valid key of too low a tier', () => {
    expect(keyRefusal('adk_typo', null)).toBe('invalid_token');
    expect(keyRefusal('adk_starter', { id: 'k1', tier: 'starter' })).toBe('insufficient_scope');
    for (const refusal of ['invalid_token', 'insufficient_scope'] as const) {
      const challenge = bearerChallenge('https://site.example', refusal);
      expect(challenge).toMatch(
        new RegExp(`^Bearer realm="https://site\\.example", error="${refusal}", error_description="[^"\\\\]+"$`),
      );
      // error_description allows printable ASCII except `"` and `\`.
      expect(/error_description="([^"]*)"/.exec(challenge)![1]).toMatch(/^[\x20\x21\x23-\x5b\x5d-\x7e]+$/);
    }
  });

  it('keeps the realm ASCII whatever the site URL, so the header can always be set', () => {
    const challenge = bearerChallenge('https://bücher.example/docs/', 'missing');
    expect(challenge).toBe('Bearer realm="https://xn--bcher-kva.example/docs"');
    expect(() => new Headers({ 'WWW-Authenticate': challenge })).not.toThrow();
  });
});
