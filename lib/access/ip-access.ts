import 'server-only';
import ipaddr from 'ipaddr.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;
type Range = [Address, number];

/** One entry of a policy's `ip_access`: an address (`10.0.0.5`) or a CIDR range (`10.0.0.0/8`). */
function parseEntry(entry: string): Range | null {
  const text = entry.trim();
  try {
    if (text.includes('/')) {
      const [addr, bits] = ipaddr.parseCIDR(text);
      return addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress()
        ? [(addr as ipaddr.IPv6).toIPv4Address(), Math.max(0, bits - 96)]
        : [addr, bits];
    }
    const addr = ipaddr.process(text);
    return [addr, addr.kind() === 'ipv4' ? 32 : 128];
  } catch {
    return null;
  }
}

/** Whether a stored `ip_access` entry is an address or range this check understands. */
export function isIpAccessEntry(entry: string): boolean {
  return parseEntry(entry) !== null;
}

/** The client's address; IPv4 in IPv6 form (`::ffff:10.0.0.1`) becomes plain IPv4. */
function parseClient(ip: string | null): Address | null {
  if (!ip) return null;
  // A zone (`fe80::1%eth0`) says which interface, not which host.
  const bare = ip.trim().replace(/%.*$/, '');
  try {
    return ipaddr.process(bare);
  } catch {
    return null;
  }
}

/**
 * Whether a policy with this `ip_access` applies to a request from `ip`. No list (null or
 * empty): everywhere. A list: only from an address in one of its entries. An unknown client
 * address, or an entry that is not an address or range, matches nothing (fail closed).
 */
export function ipAllowed(ipAccess: unknown, ip: string | null): boolean {
  const list = normalizeIpAccess(ipAccess);
  if (!list.length) return true;
  const client = parseClient(ip);
  if (!client) return false;
  return list.some((entry) => {
    const range = parseEntry(entry);
    if (!range || range[0].kind() !== client.kind()) return false;
    return client.match(range as [ipaddr.IPv4, number] & [ipaddr.IPv6, number]);
  });
}

/** The stored value as a list: a JSON array, or a comma-separated string (Directus' form). */
export function normalizeIpAccess(ipAccess: unknown): string[] {
  if (ipAccess === null || ipAccess === undefined) return [];
  // Anything else that is not a string becomes an entry that matches nothing (fail closed).
  if (Array.isArray(ipAccess)) return ipAccess.map((e) => (typeof e === 'string' ? e : '?'));
  if (typeof ipAccess === 'string') {
    return ipAccess
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean);
  }
  return ['?'];
}
