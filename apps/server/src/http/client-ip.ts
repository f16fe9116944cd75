import { BlockList, isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { TrustProxy } from '../config.ts';
import type { AppEnv } from '../context.ts';
import { requestHeader } from './node-request.ts';

// What `loopback` and `private` (and TRUST_PROXY=true, which is both) stand for.
const NAMED_RANGES: Record<string, [string, number, 'ipv4' | 'ipv6'][]> = {
  loopback: [
    ['127.0.0.0', 8, 'ipv4'],
    ['::1', 128, 'ipv6'],
  ],
  private: [
    ['10.0.0.0', 8, 'ipv4'],
    ['172.16.0.0', 12, 'ipv4'],
    ['192.168.0.0', 16, 'ipv4'],
    ['100.64.0.0', 10, 'ipv4'], // carrier-grade NAT space, used inside some platforms' networks
    ['169.254.0.0', 16, 'ipv4'],
    ['fc00::', 7, 'ipv6'],
    ['fe80::', 10, 'ipv6'],
  ],
};

const proxyLists = new WeakMap<object, BlockList>();

/** The trusted proxies as a BlockList, built once per configuration. */
function proxyList(trust: { proxies: string[] }): BlockList {
  let list = proxyLists.get(trust);
  if (list) return list;
  list = new BlockList();
  for (const entry of trust.proxies) {
    const named = NAMED_RANGES[entry];
    if (named) {
      for (const [net, prefix, type] of named) list.addSubnet(net, prefix, type);
      continue;
    }
    const [address = '', prefix] = entry.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    list.addSubnet(address, prefix === undefined ? (type === 'ipv6' ? 128 : 32) : Number(prefix), type);
  }
  proxyLists.set(trust, list);
  return list;
}

/** An address as the rate limits key it: IPv4-mapped IPv6 as IPv4; a port or brackets dropped; null when not an IP. */
export function normalizeAddress(raw: string | undefined): string | null {
  if (!raw) return null;
  let value = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed) value = bracketed[1]!;
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(value)) value = value.slice(0, value.lastIndexOf(':'));
  if (value.toLowerCase().startsWith('::ffff:') && isIP(value.slice(7)) === 4) value = value.slice(7);
  return isIP(value) ? value.toLowerCase() : null;
}

const isTrusted = (list: BlockList, address: string) =>
  list.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');

/**
 * The client's address from the socket's and X-Forwarded-For, by TRUST_PROXY:
 * - off: the socket's address; X-Forwarded-For is ignored.
 * - `{ hops: n }`: n proxies stand in front, each appending the address it received from, so the
 *   client is the n-th entry from the right (the socket's peer is taken to be the nearest proxy).
 * - `{ proxies }`: from the socket's address leftwards through X-Forwarded-For, every address
 *   that is a trusted proxy is skipped; the first that is not is the client. A request that did
 *   not come from a trusted proxy is judged by its socket alone, whatever it claims.
 * An entry that is not an IP address ends the walk at the address before it.
 */
export function resolveClientIp(trust: TrustProxy, socket: string, forwardedFor: string | undefined): string {
  const peer = normalizeAddress(socket) ?? socket;
  if (!trust || !forwardedFor) return peer;
  const chain = forwardedFor.split(',').reverse(); // nearest first
  if ('hops' in trust) {
    let client = peer;
    for (const entry of chain.slice(0, trust.hops)) {
      const address = normalizeAddress(entry);
      if (!address) break;
      client = address;
    }
    return client;
  }
  const list = proxyList(trust);
  let client = peer;
  for (const entry of chain) {
    if (!isTrusted(list, client)) break;
    const address = normalizeAddress(entry);
    if (!address) break;
    client = address;
  }
  return client;
}

/** The address of the socket's peer; app.request() in tests has no socket and counts as loopback. */
export function socketAddress(c: Context): string {
  try {
    return normalizeAddress(getConnInfo(c).remote.address) ?? '127.0.0.1';
  } catch {
    return '127.0.0.1';
  }
}

/** The client's address as TRUST_PROXY says to read it (rate limits, contact throttle). */
export function clientIp<E extends AppEnv>(c: Context<E>): string {
  return resolveClientIp(
    c.get('deps').config.trustProxy,
    socketAddress(c),
    requestHeader(c, 'x-forwarded-for'),
  );
}

/** A request made on this machine, straight to the server: the dev mailbox and dev helpers only answer these. */
export function isLoopbackRequest(c: Context): boolean {
  const address = socketAddress(c);
  if (!isTrusted(proxyList(LOOPBACK), address)) return false;
  // A reverse proxy on the same machine makes every visitor's socket a loopback one.
  if (c.req.header('x-forwarded-for') || c.req.header('forwarded') || c.req.header('x-real-ip')) return false;
  // A loopback socket reached through a name other than this machine's is a DNS rebinding page.
  const host = new URL(c.req.url).hostname;
  return ['localhost', '127.0.0.1', '[::1]'].includes(host) || host.endsWith('.localhost');
}

const LOOPBACK = { proxies: ['loopback'] };
