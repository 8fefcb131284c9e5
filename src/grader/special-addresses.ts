// The address blocks the grader never fetches from: the IANA IPv4 and IPv6 Special-Purpose Address
// Registries' blocks that are not globally reachable, multicast, and (IPv6) everything outside
// 2000::/3, the only block IANA allocates for global unicast. Each message names its exact block.
import { parseIpv4, parseIpv6 } from './ip-address.js';

type Block = [cidr: string, what: string];

const ipv4Blocks: Block[] = [
  ['0.0.0.0/8', 'an unspecified ("this network") address'],
  ['10.0.0.0/8', 'a private address'],
  ['100.64.0.0/10', 'a shared (carrier-grade NAT) address'],
  ['127.0.0.0/8', 'a loopback address'],
  ['169.254.0.0/16', 'a link-local or cloud metadata address'],
  ['172.16.0.0/12', 'a private address'],
  // The whole /24, though the registry marks the anycast 192.0.0.9 and .10 reachable: they are protocol services, not sites.
  ['192.0.0.0/24', 'a reserved IETF protocol address'],
  ['192.0.2.0/24', 'a documentation address (TEST-NET-1)'],
  ['192.168.0.0/16', 'a private address'],
  ['198.18.0.0/15', 'a benchmarking address'],
  ['198.51.100.0/24', 'a documentation address (TEST-NET-2)'],
  ['203.0.113.0/24', 'a documentation address (TEST-NET-3)'],
  ['224.0.0.0/4', 'a multicast address'],
  ['255.255.255.255/32', 'the limited broadcast address'],
  ['240.0.0.0/4', 'a reserved address'],
];

/** Blocks that carry an IPv4 address in their last 32 bits: judged by that address, since that is where the traffic goes. */
const ipv4Carriers: Block[] = [
  ['::ffff:0:0/96', 'IPv4-mapped'],
  ['64:ff9b::/96', 'NAT64'],
];

const ipv6Blocks: Block[] = [
  ['::/128', 'the unspecified address'],
  ['::1/128', 'the loopback address'],
  ['::/96', 'a deprecated IPv4-compatible address'],
  ['64:ff9b:1::/48', 'a local-use NAT64 address'],
  ['100::/64', 'a discard-only address'],
  ['2001::/23', 'an IETF protocol assignment (Teredo, benchmarking, ORCHID, anycast services)'],
  ['2001:db8::/32', 'a documentation address'],
  ['3fff::/20', 'a documentation address'],
  ['fc00::/7', 'a unique local address'],
  ['fe80::/10', 'a link-local address'],
  ['ff00::/8', 'a multicast address'],
];

const globalUnicast = parseCidr6('2000::/3');

function parseCidr4(cidr: string): { base: number; bits: number } {
  const [address, bits] = cidr.split('/');
  return { base: parseIpv4(address!)!, bits: Number(bits) };
}

function parseCidr6(cidr: string): { base: bigint; bits: number } {
  const [address, bits] = cidr.split('/');
  return { base: parseIpv6(address!)!, bits: Number(bits) };
}

const v4 = ipv4Blocks.map(([cidr, what]) => ({ cidr, what, ...parseCidr4(cidr) }));
const v6 = ipv6Blocks.map(([cidr, what]) => ({ cidr, what, ...parseCidr6(cidr) }));
const carriers = ipv4Carriers.map(([cidr, what]) => ({ cidr, what, ...parseCidr6(cidr) }));

const in4 = (address: number, { base, bits }: { base: number; bits: number }) =>
  bits === 0 || Math.floor(address / 2 ** (32 - bits)) === Math.floor(base / 2 ** (32 - bits));
const in6 = (address: bigint, { base, bits }: { base: bigint; bits: number }) =>
  address >> BigInt(128 - bits) === base >> BigInt(128 - bits);

function forbiddenIpv4(address: number): string | null {
  const block = v4.find((entry) => in4(address, entry));
  return block ? `${block.what} (${block.cidr})` : null;
}

function forbiddenIpv6(address: bigint): string | null {
  const carrier = carriers.find((entry) => in6(address, entry));
  if (carrier) {
    const reason = forbiddenIpv4(Number(address & 0xffffffffn));
    return reason ? `${reason}, ${carrier.what} (${carrier.cidr})` : null;
  }
  const block = v6.find((entry) => in6(address, entry));
  if (block) return `${block.what} (${block.cidr})`;
  if (!in6(address, globalUnicast)) return 'a reserved address, outside the global unicast block (2000::/3)';
  // 6to4 (2002::/16) carries an IPv4 address in bits 16-47: the relay would deliver there.
  if (address >> 112n === 0x2002n) {
    const reason = forbiddenIpv4(Number((address >> 80n) & 0xffffffffn));
    if (reason) return `${reason}, 6to4 (2002::/16)`;
  }
  return null;
}

/** Why an address (IPv4 dotted, or IPv6 without brackets) must not be fetched; null when it is public or not an address at all. */
export function forbiddenAddress(address: string): string | null {
  const ipv4 = parseIpv4(address);
  if (ipv4 !== null) return forbiddenIpv4(ipv4);
  const ipv6 = parseIpv6(address);
  return ipv6 === null ? null : forbiddenIpv6(ipv6);
}

/** Whether a string is an IP address literal this module can judge. */
export function isIpLiteral(text: string): boolean {
  return parseIpv4(text) !== null || parseIpv6(text) !== null;
}
