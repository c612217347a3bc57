/**
 * Where a webhook may be sent: by default only to public addresses. A host that resolves to a
 * loopback, private, link-local (cloud metadata), unique-local, shared, multicast or reserved
 * address is refused, at save and again at each delivery, where the connection goes to the very
 * address that was checked (the check runs in the socket's own DNS lookup, so a name cannot resolve
 * to a public address for the check and a private one for the connection). WEBHOOK_ALLOW_PRIVATE
 * lifts this for self-hosted setups whose receivers are on their own network.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(net, prefix, 'ipv6');

/** IPv4 written inside IPv6 (::ffff:127.0.0.1, ::127.0.0.1) is judged as the IPv4 address. */
function embeddedIpv4(address: string): string | undefined {
  const dotted = /^::(?:ffff:)?(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (dotted) return dotted;
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex) return undefined;
  const [hi, lo] = [Number.parseInt(hex[1], 16), Number.parseInt(hex[2], 16)];
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

/** Whether a webhook may not reach this IP address (loopback, private, link-local, ...). */
function isInternalAddress(address: string): boolean {
  const v4 = isIP(address) === 6 ? embeddedIpv4(address) : address;
  if (v4 && isIP(v4) === 4) return blocked.check(v4, 'ipv4');
  return blocked.check(address, 'ipv6');
}

export const WEBHOOK_INTERNAL =
  'resolves to an internal address (loopback, private, link-local or metadata); webhooks go to public addresses only (set WEBHOOK_ALLOW_PRIVATE=true on a self-hosted server to allow it).';
const WEBHOOK_CREDENTIALS =
  'must not carry a user name or password: use the signature header to authenticate deliveries.';
const WEBHOOK_UNRESOLVED = 'names a host that cannot be resolved.';

export class WebhookAddressError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookAddressError';
  }
}

const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/** A lookup for http(s).request that refuses internal addresses: the socket connects to what it checked. */
export function checkedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 4);
      const refused = !allowPrivate && addresses.some((a) => isInternalAddress(a.address));
      if (refused || addresses.length === 0)
        return callback(new WebhookAddressError(`The webhook URL ${WEBHOOK_INTERNAL}`), '', 4);
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

/**
 * Why the URL may not be used as a webhook (a phrase after "Field 'url'"), or undefined. Resolves
 * the host: every address it resolves to must be public.
 */
export async function webhookUrlProblem(raw: string, allowPrivate: boolean): Promise<string | undefined> {
  const url = new URL(raw);
  if (url.username || url.password) return WEBHOOK_CREDENTIALS;
  if (allowPrivate) return undefined;
  const host = hostOf(url);
  if (isIP(host)) return isInternalAddress(host) ? WEBHOOK_INTERNAL : undefined;
  const addresses = await new Promise<LookupAddress[] | undefined>((resolve) =>
    dnsLookup(host, { all: true }, (err, found) => resolve(err ? undefined : found)),
  );
  if (!addresses?.length) return WEBHOOK_UNRESOLVED;
  return addresses.some((a) => isInternalAddress(a.address)) ? WEBHOOK_INTERNAL : undefined;
}

/** At delivery: an IP literal never goes through a lookup, so it is checked here. */
export function literalRefused(raw: string, allowPrivate: boolean): boolean {
  const host = hostOf(new URL(raw));
  return !allowPrivate && isIP(host) !== 0 && isInternalAddress(host);
}
