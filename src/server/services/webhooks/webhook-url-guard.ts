import { lookup } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { ValidationError } from '../../../domain/errors';

// Loopback, private, link-local, carrier-grade NAT, "this network", multicast and reserved ranges, IPv4 and IPv6.
const blocked = new BlockList();
for (const [network, prefix] of [['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16],
  ['172.16.0.0', 12], ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4]] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8]] as const) blocked.addSubnet(network, prefix, 'ipv6');

/** True for addresses a webhook must not reach: this machine, its networks, link-local (cloud metadata). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isPrivateAddress(mapped[1]);
  const family = isIP(address);
  if (family === 0) return true;
  return blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * Refuses endpoint URLs that are not https or that name a private, loopback or link-local host (unless
 * `allowPrivate`, which also allows plain http, for tests and local receivers). Host names are checked again on
 * every delivery, at connection time (`guardedLookup`), so a name that later resolves inward is refused then.
 */
export function checkWebhookUrl(raw: string, allowPrivate: boolean): URL {
  const url = new URL(raw);
  if (url.username || url.password) throw new ValidationError('The webhook URL must not contain credentials');
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) throw new ValidationError('The webhook URL must use https');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate && (host === 'localhost' || host.endsWith('.localhost') || (isIP(host) !== 0 && isPrivateAddress(host)))) {
    throw new ValidationError('The webhook URL must not point to a private, loopback or link-local address');
  }
  return url;
}

/** A DNS lookup for the delivery's socket that refuses private answers, closing the gap between check and connect. */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as { address: string; family: number }[];
      const refused = !allowPrivate && list.some((entry) => isPrivateAddress(entry.address));
      if (refused || list.length === 0) return callback(new Error(`${hostname} resolves to a private address`), '', 0);
      if (options.all) return (callback as unknown as (e: null, a: typeof list) => void)(null, list);
      return callback(null, list[0].address, list[0].family);
    });
  };
}
