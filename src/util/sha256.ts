import { hash } from 'node:crypto';

/**
 * The SHA-256 of `text` (UTF-8) in one call: what `createHash('sha256').update(a).update(b)` gives
 * for `a + b`, at about half the cost for the short texts the build's keys are made of (a hash
 * object per digest costs more than the digest, and a one-change build makes tens of thousands).
 */
export function sha256(text: string, encoding: 'hex' | 'base64' | 'base64url' = 'hex'): string {
  return hash('sha256', text, encoding);
}
