import { isObject } from '../../shared/json-shapes.js';
const base64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** Standard base64 of the UTF-8 JSON of a value: how every x402 header travels. */
export function encodeBase64Json(value: unknown): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The JSON object a base64 header carries, or a sentence saying what it is instead. */
export function decodeBase64Json(header: string): Record<string, unknown> | string {
  const text = header.trim();
  if (!base64.test(text)) return 'it is not base64';
  let value: unknown;
  try {
    const json = new TextDecoder('utf-8', { fatal: true }).decode(
      Uint8Array.from(atob(text), (char) => char.charCodeAt(0)),
    );
    value = JSON.parse(json);
  } catch {
    return 'it is not base64 of UTF-8 JSON';
  }
  return isObject(value) ? value : 'its JSON is not an object';
}
