// Which URLs the grader may fetch. Bad input never reaches the network: schemes, credentials, local
// names, and the special-purpose addresses of special-addresses.ts in every spelling are refused.
import { forbiddenAddress, isIpLiteral } from './special-addresses.js';

export { forbiddenAddress } from './special-addresses.js';

export type TargetCheck = { ok: true; url: URL } | { ok: false; reason: string };

const forbiddenNames = /(^|\.)(localhost|local|internal|localdomain|home\.arpa|intranet|lan)$/i;

/**
 * The host in the one spelling a resolver acts on, or null when there is none: no brackets, no
 * trailing dots (however many: `127.0.0.1..` is 127.0.0.1 to a resolver), then parsed again, so the
 * WHATWG URL parser's IDNA mapping, lower case and IPv4 forms (`2130706433.` is 127.0.0.1) apply to
 * what is left.
 */
function canonicalHost(url: URL): string | null {
  const bare = url.hostname.replace(/^\[|\]$/g, '').replace(/\.+$/, '');
  if (!bare) return null;
  try {
    return new URL(`http://${bare.includes(':') ? `[${bare}]` : bare}/`).hostname.replace(/^\[|\]$/g, '');
  } catch {
    return null;
  }
}

/**
 * Checks a URL before any fetch, judging its host in one canonical spelling (canonicalHost); the URL
 * it passes carries that spelling, so what is fetched is what was checked. A host name passing here
 * still has to resolve to allowed addresses: see src/grader-node/pinned-fetch.ts.
 */
export function checkTarget(input: string, { allowPrivate = false } = {}): TargetCheck {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return { ok: false, reason: 'not an absolute URL' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return { ok: false, reason: `the ${url.protocol} scheme is not allowed; use http or https` };
  if (url.username || url.password) return { ok: false, reason: 'URLs with credentials are not allowed' };
  if (allowPrivate) return { ok: true, url };
  const host = canonicalHost(url);
  if (!host) return { ok: false, reason: 'the URL has no host' };
  const checked = new URL(url);
  if (!host.includes(':')) checked.hostname = host;
  // An address literal is judged by its block alone: the name rules below are for names.
  if (isIpLiteral(host)) {
    const reason = forbiddenAddress(host);
    return reason ? { ok: false, reason: `the host is ${reason}` } : { ok: true, url: checked };
  }
  if (forbiddenNames.test(host) || !host.includes('.'))
    return { ok: false, reason: `the host "${host}" is a local name` };
  if (/^(metadata|metadata\.google\.internal|instance-data)(\.|$)/i.test(host))
    return { ok: false, reason: 'the host is a cloud metadata service' };
  return { ok: true, url: checked };
}
