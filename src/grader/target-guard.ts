// Which URLs the grader may fetch. Bad input never reaches the network: schemes, credentials, local
// names, and the special-purpose addresses of special-addresses.ts in every spelling are refused.
import { forbiddenAddress, isIpLiteral } from './special-addresses.js';

export { forbiddenAddress } from './special-addresses.js';

export type TargetCheck = { ok: true; url: URL } | { ok: false; reason: string };

const forbiddenNames = /(^|\.)(localhost|local|internal|localdomain|home\.arpa|intranet|lan)$/i;

/**
 * Checks a URL before any fetch. The WHATWG URL parser already normalises decimal, hex and octal
 * IPv4 hosts (`http://2130706433/` is 127.0.0.1), so the checks see one spelling of each address.
 * A host name passing here still has to resolve to allowed addresses: see pinned-fetch.ts.
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
  const host = url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');
  if (!host) return { ok: false, reason: 'the URL has no host' };
  // An address literal is judged by its block alone: the name rules below are for names.
  if (isIpLiteral(host)) {
    const reason = forbiddenAddress(host);
    return reason ? { ok: false, reason: `the host is ${reason}` } : { ok: true, url };
  }
  if (forbiddenNames.test(host) || !host.includes('.'))
    return { ok: false, reason: `the host "${host}" is a local name` };
  if (/^(metadata|metadata\.google\.internal|instance-data)(\.|$)/i.test(host))
    return { ok: false, reason: 'the host is a cloud metadata service' };
  return { ok: true, url };
}
