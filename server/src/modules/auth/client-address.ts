import { isIPv4, isIPv6 } from 'node:net';

/** The one bucket of every request whose address is not an IP address (a forged or broken forwarded header). */
export const UNKNOWN_ADDRESS = 'unknown';

/**
 * The bucket that per-address limits count a request in. `ip` is `req.ip`: with `trust proxy: loopback` it is
 * the last X-Forwarded-For entry when a local proxy relays, which a client can fill with anything, so it is
 * validated here: an IPv4 address counts as itself (an IPv4-mapped IPv6 address too), an IPv6 address by its
 * /64 (one subscriber or server holds a whole /64), and anything else in one shared bucket. The result is
 * at most 39 characters, whatever the header carried.
 */
export function addressBucket(ip: string | null | undefined): string {
  if (!ip || ip.length > 64) return UNKNOWN_ADDRESS;
  const zone = ip.indexOf('%');
  const address = zone >= 0 ? ip.slice(0, zone) : ip;
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return UNKNOWN_ADDRESS;
  const groups = ipv6Groups(address);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a dotted IPv4 tail turned into two groups). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const lastColon = text.lastIndexOf(':');
  if (text.includes('.', lastColon)) {
    const [a, b, c, d] = text
      .slice(lastColon + 1)
      .split('.')
      .map(Number);
    text = `${text.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const parse = (part: string | undefined) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  return [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
}
