// Which URLs the grader may fetch. Bad input never reaches the network: schemes, credentials, and
// loopback, private, link-local, metadata and unspecified addresses in every spelling are refused.

export type TargetCheck = { ok: true; url: URL } | { ok: false; reason: string };

/** Parses an IPv4 address the way URL hosts are normalised (dotted decimal); null when it is not one. */
function ipv4Octets(host: string): number[] | null {
  const parts = host.split('.');
  if (parts.length !== 4) return null;
  const octets = parts.map((part) => (/^\d{1,3}$/.test(part) ? Number(part) : NaN));
  return octets.every((octet) => octet >= 0 && octet <= 255) ? octets : null;
}

function forbiddenIpv4([a, b]: number[]): string | null {
  if (a === 0) return 'an unspecified address (0.0.0.0/8)';
  if (a === 10 || (a === 172 && b! >= 16 && b! <= 31) || (a === 192 && b === 168)) return 'a private address';
  if (a === 127) return 'a loopback address';
  if (a === 169 && b === 254) return 'a link-local or cloud metadata address';
  if (a === 100 && b! >= 64 && b! <= 127) return 'a shared (carrier-grade NAT) address';
  if (a === 192 && b === 0) return 'a reserved address (192.0.0.0/24)';
  if (a === 198 && (b === 18 || b === 19)) return 'a benchmarking address (198.18.0.0/15)';
  if (a! >= 224) return 'a multicast or reserved address';
  return null;
}

/** Expands an IPv6 literal (without brackets) to eight 16-bit groups; null when it is not one. */
function ipv6Groups(host: string): number[] | null {
  let text = host.toLowerCase();
  const ipv4Tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (ipv4Tail) {
    const octets = ipv4Octets(ipv4Tail[1]!);
    if (!octets) return null;
    text = text.slice(0, -ipv4Tail[1]!.length) + `${((octets[0]! << 8) | octets[1]!).toString(16)}:${((octets[2]! << 8) | octets[3]!).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string) => (part ? part.split(':').map((group) => (/^[0-9a-f]{1,4}$/.test(group) ? parseInt(group, 16) : NaN)) : []);
  const head = parse(halves[0]!);
  const tail = halves.length === 2 ? parse(halves[1]!) : [];
  const missing = 8 - head.length - tail.length;
  if ((halves.length === 2 && missing < 1) || (halves.length === 1 && missing !== 0)) return null;
  const groups = [...head, ...new Array(Math.max(missing, 0)).fill(0), ...tail];
  return groups.every((group) => Number.isInteger(group)) ? groups : null;
}

function forbiddenIpv6(groups: number[]): string | null {
  const [first] = groups;
  if (groups.every((group) => group === 0)) return 'the unspecified address (::)';
  if (groups.slice(0, 7).every((group) => group === 0) && groups[7] === 1) return 'the loopback address (::1)';
  // IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d) and NAT64 (64:ff9b::a.b.c.d): judge the embedded IPv4.
  const embedsIpv4 = (groups.slice(0, 5).every((group) => group === 0) && (groups[5] === 0xffff || groups[5] === 0)) || (first === 0x64 && groups[1] === 0xff9b);
  if (embedsIpv4) {
    const reason = forbiddenIpv4([groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255]);
    if (reason) return `${reason} (embedded in IPv6)`;
  }
  if ((first! & 0xfe00) === 0xfc00) return 'a unique local address (fc00::/7)';
  if ((first! & 0xffc0) === 0xfe80) return 'a link-local address (fe80::/10)';
  if ((first! & 0xff00) === 0xff00) return 'a multicast address';
  if (first === 0x2002) {
    const reason = forbiddenIpv4([groups[1]! >> 8, groups[1]! & 255, groups[2]! >> 8, groups[2]! & 255]);
    if (reason) return `${reason} (embedded in a 6to4 address)`;
  }
  return null;
}

/** Why an address (IPv4 dotted, or IPv6 without brackets) must not be fetched, or null when it is public. */
export function forbiddenAddress(address: string): string | null {
  const v4 = ipv4Octets(address);
  if (v4) return forbiddenIpv4(v4);
  const v6 = ipv6Groups(address);
  if (v6) return forbiddenIpv6(v6);
  return null;
}

const forbiddenNames = /(^|\.)(localhost|local|internal|localdomain|home\.arpa|intranet|lan)$/i;

/**
 * Checks a URL before any fetch. The WHATWG URL parser already normalises decimal, hex and octal
 * IPv4 hosts (`http://2130706433/` is 127.0.0.1), so the checks see one spelling of each address.
 */
export function checkTarget(input: string, { allowPrivate = false } = {}): TargetCheck {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return { ok: false, reason: 'not an absolute URL' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, reason: `the ${url.protocol} scheme is not allowed; use http or https` };
  if (url.username || url.password) return { ok: false, reason: 'URLs with credentials are not allowed' };
  if (allowPrivate) return { ok: true, url };
  const host = url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');
  if (!host) return { ok: false, reason: 'the URL has no host' };
  const addressReason = forbiddenAddress(host);
  if (addressReason) return { ok: false, reason: `the host is ${addressReason}` };
  if (forbiddenNames.test(host) || !host.includes('.')) return { ok: false, reason: `the host "${host}" is a local name` };
  if (/^(metadata|metadata\.google\.internal|instance-data)(\.|$)/i.test(host)) return { ok: false, reason: 'the host is a cloud metadata service' };
  return { ok: true, url };
}
