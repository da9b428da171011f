import { lookup } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { ValidationError } from '@/domain/errors';
import { isPrivateAddress } from './is-private-address';

/**
 * Refuses endpoint URLs that are not https or that name a private, loopback or link-local host (unless
 * `allowPrivate`, which also allows plain http, for tests and local receivers). Host names are checked again on
 * every delivery, at connection time (`guardedLookup`), so a name that later resolves inward is refused then.
 */
export function checkWebhookUrl(raw: string, allowPrivate: boolean): URL {
  const url = new URL(raw);
  if (url.username || url.password) throw new ValidationError('The webhook URL must not contain credentials');
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) throw new ValidationError('The webhook URL must use https');
  // Brackets off an IPv6 literal, and the root's dot off a name: `localhost.` is `localhost`.
  const host = url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');
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
