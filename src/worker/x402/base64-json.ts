import { isObject } from '../../shared/json-shapes.js';
const base64 = /^[A-Za-z0-9+/]+={0,2}$/;
const base64url = /^[A-Za-z0-9_-]+$/;

/** Standard base64 of the UTF-8 JSON of a value: how every x402 header travels. */
export function encodeBase64Json(value: unknown): string {
  return encodeBase64(new TextEncoder().encode(JSON.stringify(value)));
}

/** Base64 of bytes; `url`: the URL-safe alphabet without padding, as the `Payment` scheme writes it. */
export function encodeBase64(bytes: Uint8Array, url = false): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  const text = btoa(binary);
  return url ? text.replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '') : text;
}

/** The JSON object a base64 (or, with `url`, base64url) header carries, or a sentence saying what it is instead. */
export function decodeBase64Json(header: string, url = false): Record<string, unknown> | string {
  const text = header.trim();
  if (!(url ? base64url : base64).test(text)) return url ? 'it is not base64url' : 'it is not base64';
  let value: unknown;
  try {
    const standard = url ? text.replaceAll('-', '+').replaceAll('_', '/') : text;
    const json = new TextDecoder('utf-8', { fatal: true }).decode(
      Uint8Array.from(atob(standard), (char) => char.charCodeAt(0)),
    );
    value = JSON.parse(json);
  } catch {
    return 'it is not base64 of UTF-8 JSON';
  }
  return isObject(value) ? value : 'its JSON is not an object';
}
