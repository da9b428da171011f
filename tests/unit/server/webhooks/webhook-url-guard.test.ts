import { describe, expect, it } from 'vitest';
import { isPrivateAddress } from '@/server/services/webhooks/is-private-address';
import { checkWebhookUrl } from '@/server/services/webhooks/webhook-url-guard';

// Issue 27, item 3: IPv6 forms that embed an inward IPv4 address (and the IPv6 ranges that are not public) were
// accepted as webhook endpoints: https://[::7f00:1]/ and https://[64:ff9b::7f00:1]/ reach this machine.
const REFUSED: Array<[string, string]> = [
  // IPv4-mapped ::ffff:0:0/96, dotted and hex.
  ['mapped loopback, dotted', '::ffff:127.0.0.1'], ['mapped loopback, hex', '::ffff:7f00:1'], ['mapped private, hex', '::ffff:a00:1'],
  ['mapped metadata, hex', '::ffff:a9fe:a9fe'], ['mapped, upper case', '::FFFF:7F00:1'], ['mapped, written out', '0:0:0:0:0:ffff:7f00:1'],
  // SIIT ::ffff:0:0:0/96.
  ['IPv4-translated loopback', '::ffff:0:7f00:1'],
  // IPv4-compatible ::/96 (deprecated, still routed by some stacks).
  ['compatible loopback, hex', '::7f00:1'], ['compatible loopback, dotted', '::127.0.0.1'], ['compatible private', '::10.1.2.3'],
  ['compatible metadata', '::a9fe:a9fe'], ['compatible public (deprecated form)', '::8.8.8.8'],
  // NAT64 64:ff9b::/96 and the local-use 64:ff9b:1::/48.
  ['NAT64 loopback', '64:ff9b::7f00:1'], ['NAT64 loopback, dotted', '64:ff9b::127.0.0.1'], ['NAT64 private', '64:ff9b::c0a8:101'],
  ['NAT64 metadata', '64:ff9b::169.254.169.254'], ['local-use NAT64, any address', '64:ff9b:1::808:808'], ['local-use NAT64, inward', '64:ff9b:1:7f00:1::'],
  // 6to4 2002::/16, the IPv4 address in bits 16–48.
  ['6to4 loopback', '2002:7f00:1::1'], ['6to4 private', '2002:c0a8:101::'], ['6to4 metadata', '2002:a9fe:a9fe::1'],
  // Teredo 2001::/32: the client's IPv4 address inverted in the last 32 bits, the server's in bits 32–64.
  ['Teredo, client loopback', '2001:0:4136:e378:8000:63bf:80ff:fffe'], ['Teredo, client private', '2001:0:4136:e378:8000:63bf:f5ff:fefe'],
  ['Teredo, server private', '2001:0:a00:1:8000:63bf:f7f7:f7f7'],
  // IPv6's own non-public ranges.
  ['unspecified', '::'], ['loopback', '::1'], ['loopback, written out', '0:0:0:0:0:0:0:1'], ['unique local', 'fd12:3456:789a::1'], ['unique local fc', 'fc00::1'],
  ['link-local', 'fe80::1'], ['link-local, high end', 'febf::1'], ['link-local with a zone', 'fe80::1%eth0'], ['site-local (deprecated)', 'fec0::1'],
  ['multicast', 'ff02::1'], ['multicast, global scope', 'ff0e::1'], ['documentation', '2001:db8::1'], ['documentation (RFC 9637)', '3fff::1'],
  ['benchmarking', '2001:2::1'], ['ORCHIDv2', '2001:20::1'], ['discard-only', '100::1'], ['outside global unicast', '4000::1'], ['reserved', '1::1'],
  // IPv4.
  ['loopback v4', '127.0.0.1'], ['private 10', '10.0.0.1'], ['private 172', '172.16.5.4'], ['private 192', '192.168.0.1'], ['metadata', '169.254.169.254'],
  ['shared', '100.64.0.1'], ['this network', '0.0.0.0'], ['documentation v4', '192.0.2.1'], ['documentation v4 2', '198.51.100.7'],
  ['documentation v4 3', '203.0.113.9'], ['benchmarking v4', '198.18.0.1'], ['multicast v4', '224.0.0.1'], ['broadcast', '255.255.255.255'],
  ['not an address', 'not-an-ip'],
];

const ALLOWED: Array<[string, string]> = [
  ['public v4', '8.8.8.8'], ['public v4 near 172.16/12', '172.32.0.1'], ['public v6', '2606:4700:4700::1111'], ['public v6 2', '2a00:1450:4001:80b::200e'],
  ['mapped public', '::ffff:8.8.8.8'], ['mapped public, hex', '::ffff:808:808'], ['NAT64 public', '64:ff9b::808:808'], ['NAT64 public, dotted', '64:ff9b::1.1.1.1'],
  ['6to4 public', '2002:808:808::1'], ['Teredo, public client and server', '2001:0:4136:e378:8000:63bf:f7f7:f7f7'],
];

describe('isPrivateAddress', () => {
  it.each(REFUSED)('refuses %s (%s)', (_name, address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(ALLOWED)('allows %s (%s)', (_name, address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });
});

describe('checkWebhookUrl', () => {
  it.each(REFUSED.filter(([, address]) => address.includes(':') && !address.includes('%')))('refuses https://[%s]/ (%s)', (_name, address) => {
    expect(() => checkWebhookUrl(`https://[${address}]/hooks`, false)).toThrow(/must not point to a private, loopback or link-local address/);
  });

  it.each([
    'https://[::7f00:1]/hooks', 'https://[64:ff9b::7f00:1]/hooks', 'https://[::ffff:127.0.0.1]:8443/x', 'https://127.1/x', 'https://2130706433/x',
    'https://0x7f000001/x', 'https://localhost/x', 'https://localhost./x', 'https://api.localhost/x', 'https://LOCALHOST/x',
  ])('refuses %s', (url) => {
    expect(() => checkWebhookUrl(url, false)).toThrow(/must not point to a private/);
  });

  it.each(['https://hooks.example.com/carbon', 'https://[2606:4700:4700::1111]/x', 'https://[64:ff9b::808:808]/x', 'https://8.8.8.8/x'])('accepts %s', (url) => {
    expect(checkWebhookUrl(url, false).href).toBe(new URL(url).href);
  });

  it('accepts inward addresses when private endpoints are allowed (tests, local receivers)', () => {
    expect(checkWebhookUrl('http://[::7f00:1]:9000/x', true).port).toBe('9000');
  });
});
