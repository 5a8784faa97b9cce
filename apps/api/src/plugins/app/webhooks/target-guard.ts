/**
 * Where a webhook may be sent (docs/decisions/0076): only to public addresses, so an API key holder cannot make the
 * server call its own network (metadata services, databases, admin ports). Checked when an endpoint is registered
 * AND on every delivery, on the address actually connected to (the lookup of the request itself), since DNS may
 * answer differently later (rebinding). `allowPrivate` (WEBHOOKS_ALLOW_PRIVATE_TARGETS) lifts it for development.
 */
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';

const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local (cloud metadata)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  blocked.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  blocked.addSubnet(net, bits, 'ipv6');
}

/** A public unicast address (IPv4-mapped IPv6 judged as its IPv4). */
// IPv4-mapped IPv6 is judged as its IPv4 (a ::ffff:0:0/96 rule here would also match every IPv4 address:
// BlockList checks IPv4 against mapped IPv6 rules).
export function isPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return isPublicAddress(mapped);
  // The same in hex, as the URL parser writes it: [::ffff:127.0.0.1] → ::ffff:7f00:1.
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (hex) {
    const [high, low] = [parseInt(hex[1] ?? '0', 16), parseInt(hex[2] ?? '0', 16)];
    return isPublicAddress([high >> 8, high & 255, low >> 8, low & 255].join('.'));
  }
  const family = isIP(address);
  if (family === 0) return false;
  return !blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export class PrivateTargetError extends Error {
  constructor(
    readonly host: string,
    readonly address: string,
  ) {
    super(`${host} resolves to ${address}, which is not a public address`);
  }
}

const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/** Every address the URL's host resolves to is public (or private targets are allowed); else the refusal. */
export async function checkTarget(url: URL, allowPrivate: boolean): Promise<PrivateTargetError | undefined> {
  if (allowPrivate) return undefined;
  const host = hostOf(url);
  const addresses = isIP(host)
    ? [host]
    : await new Promise<string[]>((resolve, reject) =>
        dnsLookup(host, { all: true }, (err, found: LookupAddress[]) =>
          err ? reject(err) : resolve(found.map((a) => a.address)),
        ),
      );
  const bad = addresses.find((address) => !isPublicAddress(address));
  return bad === undefined ? undefined : new PrivateTargetError(host, bad);
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for http.request that refuses a non-public answer: the check is on the address the socket connects
 * to. Node calls no lookup for an IP literal, so the sender checks literals itself (isPublicAddress).
 */
export function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    dnsLookup(hostname, { ...options, all: true }, (err, found: LookupAddress[]) => {
      if (err) {
        callback(err, '');
        return;
      }
      const bad = allowPrivate ? undefined : found.find((a) => !isPublicAddress(a.address));
      if (bad) {
        callback(new PrivateTargetError(hostname, bad.address), '');
        return;
      }
      if (options.all) {
        callback(null, found);
        return;
      }
      const first = found[0];
      if (!first) {
        callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), '');
        return;
      }
      callback(null, first.address, first.family);
    });
  };
}

export const isIpLiteral = (url: URL) => isIP(hostOf(url)) !== 0;
export { hostOf };
