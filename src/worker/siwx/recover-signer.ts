// The one part of re-access that needs elliptic-curve code: recovering who signed a message. It is
// a module of its own, `worker/signature-recovery.js` beside worker.js, loaded on the first proof an
// isolate checks, so the worker that answers everything else stays small (src/compile/bundle-worker.ts).
import { secp256k1 } from '@noble/curves/secp256k1';
import { keccak_256 } from '@noble/hashes/sha3';

const hex = (bytes: Uint8Array) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

/**
 * The address (lowercase, 0x-prefixed) whose key made `signature` (65 bytes as 0x hex: r, s, v) over
 * `message` as EIP-191 `personal_sign` hashes it; null when the signature is not one.
 */
export function recoverSigner(message: string, signature: string): string | null {
  if (!/^0x[0-9a-fA-F]{130}$/.test(signature)) return null;
  const text = new TextEncoder().encode(message);
  const prefix = new TextEncoder().encode(`\x19Ethereum Signed Message:\n${text.length}`);
  const digest = keccak_256(new Uint8Array([...prefix, ...text]));
  const bytes = Uint8Array.from(signature.slice(2).match(/../g)!, (pair) => Number.parseInt(pair, 16));
  const v = bytes[64]!;
  const recovery = v >= 27 ? v - 27 : v;
  if (recovery !== 0 && recovery !== 1) return null;
  try {
    const publicKey = secp256k1.Signature.fromCompact(bytes.slice(0, 64))
      .addRecoveryBit(recovery)
      .recoverPublicKey(digest)
      .toRawBytes(false);
    return `0x${hex(keccak_256(publicKey.slice(1)).slice(-20))}`;
  } catch {
    return null;
  }
}
