import type { ValidKey } from './access-keys.js';

/**
 * Why a gated request was refused, in RFC 6750 section 3.1's words: `missing` carries no error code
 * (a request without credentials is not an error), `invalid_token` is a key that is unknown,
 * malformed or revoked, `insufficient_scope` a valid key of a tier that does not open the resource.
 */
export type KeyRefusal = 'missing' | 'invalid_token' | 'insufficient_scope';

/** Why a refused request was refused: the key it presented (`presentedKey`) and what `verifyKey` made of it. */
export function keyRefusal(presented: string | null, key: ValidKey | null): KeyRefusal {
  if (!presented) return 'missing';
  return key ? 'insufficient_scope' : 'invalid_token';
}

// RFC 6750 error_description: printable ASCII without `"` and `\`.
const descriptions: Record<Exclude<KeyRefusal, 'missing'>, string> = {
  invalid_token: 'The access key is not valid: it is unknown, malformed or revoked.',
  insufficient_scope:
    'A starter key does not open the full corpus export: it needs a key of the corpus or redistribution tier.',
};

/**
 * The `WWW-Authenticate` value of a gated 402, so a client can tell a mistyped or revoked key from
 * not having paid. The realm is the site's base URL, serialized by `URL` so it is always ASCII.
 */
export function bearerChallenge(siteUrl: string, refusal: KeyRefusal): string {
  const realm = new URL(siteUrl).href.replace(/\/$/, '');
  const params = [`realm="${realm.replace(/["\\]/g, '\\$&')}"`];
  if (refusal !== 'missing') params.push(`error="${refusal}"`, `error_description="${descriptions[refusal]}"`);
  return `Bearer ${params.join(', ')}`;
}
