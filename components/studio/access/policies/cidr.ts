/** Checks one IP allow-list entry: an IPv4 or IPv6 address, optionally with a prefix length. */
export function isCidr(entry: string): boolean {
  const [address, prefix, ...rest] = entry.split('/');
  if (rest.length || !address) return false;
  if (prefix !== undefined && !/^\d{1,3}$/.test(prefix)) return false;
  const bits = prefix === undefined ? undefined : Number(prefix);
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(address)) {
    if (address.split('.').some((part) => Number(part) > 255)) return false;
    return bits === undefined || bits <= 32;
  }
  if (address.includes(':') && /^[0-9a-f:.]+$/i.test(address)) {
    const doubles = address.split('::').length - 1;
    const groups = address.split(':').filter(Boolean);
    if (doubles > 1 || groups.length > 8 || (doubles === 0 && groups.length !== 8)) return false;
    if (groups.some((g) => !/^[0-9a-f]{1,4}$/i.test(g) && !g.includes('.'))) return false;
    return bits === undefined || bits <= 128;
  }
  return false;
}

/** One entry per line or comma; blank lines dropped. Returns the entries and the bad ones. */
export function parseAllowList(text: string): { entries: string[]; invalid: string[] } {
  const entries = text
    .split(/[\n,]/)
    .map((line) => line.trim())
    .filter(Boolean);
  return { entries, invalid: entries.filter((e) => !isCidr(e)) };
}
