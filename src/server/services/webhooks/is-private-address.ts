import { BlockList, isIP } from 'node:net';

// IPv4 that is not public: "this network", private, shared (carrier-grade NAT), loopback, link-local (cloud metadata),
// IETF protocol assignments, the documentation and benchmarking nets, the 6to4 relay anycast, multicast and reserved.
const blockedIpv4 = new BlockList();
for (const [network, prefix] of [['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16],
  ['172.16.0.0', 12], ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15],
  ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4]] as const) {
  blockedIpv4.addSubnet(network, prefix, 'ipv4');
}

// Public IPv6 is global unicast (2000::/3) outside these: the documentation nets, benchmarking, ORCHID, SRv6 SIDs.
// Everything else (loopback, unspecified, unique local fc00::/7, link-local fe80::/10, site-local, multicast, discard
// 100::/64, reserved) is outside 2000::/3. Embeddings of IPv4 (below) are decided on their IPv4 address first.
const globalUnicast = new BlockList();
globalUnicast.addSubnet('2000::', 3, 'ipv6');
const blockedIpv6 = new BlockList();
for (const [network, prefix] of [['2001:db8::', 32], ['3fff::', 20], ['2001:2::', 48], ['2001:10::', 28], ['2001:20::', 28], ['5f00::', 16]] as const) {
  blockedIpv6.addSubnet(network, prefix, 'ipv6');
}

/**
 * True for addresses a webhook must not reach: this machine, its networks, link-local (cloud metadata), and every
 * IPv6 form that carries such an IPv4 address (mapped, compatible, translated, NAT64, 6to4, Teredo), which a dual-stack
 * host or a translator on the way would deliver to that IPv4 address. Anything that is not an IP address is refused.
 */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blockedIpv4.check(address, 'ipv4');
  if (family !== 6) return true;
  const groups = ipv6Groups(address);
  const embedded = embeddedIpv4(groups);
  if (embedded) return embedded.length === 0 || embedded.some((ipv4) => blockedIpv4.check(ipv4, 'ipv4'));
  const canonical = groups.map((group) => group.toString(16)).join(':');
  return !globalUnicast.check(canonical, 'ipv6') || blockedIpv6.check(canonical, 'ipv6');
}

/**
 * The IPv4 addresses an IPv6 address stands for, when it is one of the forms that embed them; undefined for a plain
 * IPv6 address. An empty list means a form refused whatever it carries (IPv4-compatible, local-use NAT64).
 */
function embeddedIpv4(groups: number[]): string[] | undefined {
  const [g0, g1, g2, g3, g4, g5, g6, g7] = groups;
  const zeroUpTo = (end: number) => groups.slice(0, end).every((group) => group === 0);
  // ::a.b.c.d, IPv4-compatible (also :: and ::1): deprecated since 2006 (RFC 4291), so no real endpoint uses one.
  if (zeroUpTo(6)) return [];
  // ::ffff:a.b.c.d (mapped) and ::ffff:0:a.b.c.d (translated, RFC 6145).
  if ((zeroUpTo(5) && g5 === 0xffff) || (zeroUpTo(4) && g4 === 0xffff && g5 === 0)) return [ipv4(g6, g7)];
  // NAT64 well-known prefix 64:ff9b::/96 (RFC 6052); 64:ff9b:1::/48 is for a network's own translators (RFC 8215).
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return [ipv4(g6, g7)];
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 1) return [];
  // 6to4 2002::/16: the IPv4 address in bits 16–48 (RFC 3056).
  if (g0 === 0x2002) return [ipv4(g1, g2)];
  // Teredo 2001::/32: the server in bits 32–64, the client inverted in the last 32 bits (RFC 4380).
  if (g0 === 0x2001 && g1 === 0) return [ipv4(g2, g3), ipv4(g6 ^ 0xffff, g7 ^ 0xffff)];
  return undefined;
}

const ipv4 = (high: number, low: number) => `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;

/** The eight 16-bit groups of a valid IPv6 address (zone dropped, a trailing dotted IPv4 part folded into two groups). */
function ipv6Groups(address: string): number[] {
  let text = address.split('%')[0].toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  const [head, tail] = text.split('::');
  if (tail === undefined) return parse(head);
  const left = parse(head);
  const right = parse(tail);
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}
