// Address literals as numbers, so range checks are exact prefix comparisons instead of string tests.

/** An IPv4 address in dotted decimal (the only spelling the URL parser and DNS produce) as a 32-bit number; null when it is not one. */
export function parseIpv4(text: string): number | null {
  const parts = text.split('.');
  if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part))) return null;
  const octets = parts.map(Number);
  if (octets.some((octet) => octet > 255)) return null;
  return octets.reduce((value, octet) => value * 256 + octet, 0);
}

/** An IPv6 address (no brackets; a `%zone` suffix and a dotted IPv4 tail allowed) as a 128-bit number; null when it is not one. */
export function parseIpv6(text: string): bigint | null {
  let rest = text.toLowerCase().replace(/%.*$/, '');
  const tail = /:(\d+\.\d+\.\d+\.\d+)$/.exec(rest);
  let tailGroups: number[] = [];
  if (tail) {
    const v4 = parseIpv4(tail[1]!);
    if (v4 === null) return null;
    tailGroups = [v4 >>> 16, v4 & 0xffff];
    rest = rest.slice(0, -tail[1]!.length - 1) + (rest.endsWith(`::${tail[1]}`) ? ':' : '');
  }
  const halves = rest.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string) =>
    part ? part.split(':').map((group) => (/^[0-9a-f]{1,4}$/.test(group) ? parseInt(group, 16) : NaN)) : [];
  const head = parse(halves[0]!);
  const after = halves.length === 2 ? parse(halves[1]!) : [];
  const explicit = head.length + after.length + tailGroups.length;
  if (halves.length === 2 ? explicit > 7 : explicit !== 8) return null;
  const groups = [...head, ...new Array<number>(8 - explicit).fill(0), ...after, ...tailGroups];
  if (!groups.every((group) => Number.isInteger(group))) return null;
  return groups.reduce((value, group) => (value << 16n) | BigInt(group), 0n);
}
