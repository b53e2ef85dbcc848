import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import ipaddr from 'ipaddr.js';

/**
 * Which proxies' X-Forwarded-For entries to believe, as config.ts reads TRUST_PROXY: none
 * (false), the last `n` hops (true: one), or the hops that come from these addresses or ranges.
 */
export type ProxyTrust = boolean | number | readonly string[];

/** How many sockets a node takes: in all, and from one address. 0: no cap. */
export interface ConnectionCaps {
  maxConnections: number;
  maxPerAddress: number;
}

/**
 * The client address of an upgrade request, trusting proxies as the HTTP routes do
 * (Fastify's trustProxy): with no trusted proxy it is the socket's peer, whatever
 * X-Forwarded-For says; else the right-most entry not written by a trusted proxy.
 */
export function clientAddressOf(trust: ProxyTrust): (request: IncomingMessage) => string {
  if (trust === false || trust === 0) return (request) => request.socket.remoteAddress ?? 'unknown';
  const hops = trust === true ? 1 : trust;
  const trusted =
    typeof hops === 'number'
      ? (_address: string, hop: number) => hop < hops
      : proxyAddr.compile([...hops]);
  return (request) => proxyAddr(request, trusted);
}

/**
 * The key an address is counted under: an IPv4 address as is (IPv4-mapped IPv6 too), an IPv6
 * address by its /64, the block one host or one home line is given, so that one machine cannot
 * open thousands of sockets from as many addresses of its own prefix.
 */
export function addressKey(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${parts.map((part) => part.toString(16)).join(':')}::/64`;
}

/**
 * Open sockets per address key on this node: one Map entry per address, none per socket (a
 * node holds thousands of idle sockets, and what each costs counts). `take` refuses past the
 * cap; every `take` that succeeded is matched by one `release` when the socket closes.
 */
export class AddressCounts {
  private readonly counts = new Map<string, number>();

  constructor(private readonly max: number) {}

  take(key: string): boolean {
    const held = this.counts.get(key) ?? 0;
    if (this.max > 0 && held >= this.max) return false;
    this.counts.set(key, held + 1);
    return true;
  }

  release(key: string): void {
    const held = this.counts.get(key);
    if (held === undefined) return;
    if (held <= 1) this.counts.delete(key);
    else this.counts.set(key, held - 1);
  }

  /** Sockets open from `key` (tests, ops). */
  held(key: string): number {
    return this.counts.get(key) ?? 0;
  }
}
