import 'server-only';
import dns from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { config } from '@/lib/core/config';
import { invalidField, InvalidPayloadError } from '@/lib/core/errors';

export const IMPORT_MAX_REDIRECTS = 5;

type Address = ipaddr.IPv4 | ipaddr.IPv6;

function allowedNetworks(): [Address, number][] {
  const raw = config().STORAGE_IMPORT_ALLOWED_NETWORKS ?? '';
  return raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((cidr) => {
      try {
        return ipaddr.parseCIDR(cidr);
      } catch {
        throw new Error(`STORAGE_IMPORT_ALLOWED_NETWORKS: "${cidr}" is not a CIDR range`);
      }
    });
}

/**
 * Only ordinary public addresses may be fetched: loopback, private, link-local, multicast,
 * reserved and the rest are refused unless an allowed network holds them. IPv4-mapped IPv6
 * addresses are judged as the IPv4 address they carry.
 */
export function addressAllowed(address: string): boolean {
  let ip: Address;
  try {
    ip = ipaddr.process(address);
  } catch {
    return false;
  }
  const inAllowed = allowedNetworks().some(
    ([net, bits]) => net.kind() === ip.kind() && ip.match(net, bits),
  );
  return inAllowed || ip.range() === 'unicast';
}

const refused = (why: string) => new InvalidPayloadError(`The URL can't be imported: ${why}`);

/** Resolves the host once, checks every address, and pins the connection to a checked one. */
async function checkedLookup(hostname: string): Promise<LookupFunction> {
  const host = hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  try {
    addresses = await dns.lookup(host, { all: true, verbatim: true });
  } catch {
    throw refused(`the host "${hostname}" could not be resolved`);
  }
  if (!addresses.length || addresses.some((a) => !addressAllowed(a.address))) {
    throw refused('it points to an address that is not allowed');
  }
  const first = addresses[0];
  return (_name, options, callback) => {
    if ((options as { all?: boolean }).all) callback(null, [first]);
    else callback(null, first.address, first.family);
  };
}

export interface Fetched {
  response: http.IncomingMessage;
  url: URL;
}

function requestOnce(url: URL, lookup: LookupFunction, signal: AbortSignal) {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<http.IncomingMessage>((resolve, reject) => {
    const req = client.get(url, { lookup, signal, headers: { 'user-agent': 'DaaS file import' } });
    req.on('response', resolve);
    req.on('error', () => reject(refused('the server could not be reached')));
  });
}

/**
 * GETs a URL with every redirect hop's every resolved address checked. The answer's body
 * is left to the caller, who must consume or destroy it; the signal caps the whole exchange.
 */
export async function fetchUrl(raw: string, signal: AbortSignal): Promise<Fetched> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalidField('url', 'must be an absolute http(s) URL');
  }
  for (let hop = 0; hop <= IMPORT_MAX_REDIRECTS; hop++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw refused('only http and https URLs are fetched');
    }
    if (url.username || url.password) throw refused('credentials in URLs are not sent');
    const response = await requestOnce(url, await checkedLookup(url.hostname), signal);
    const status = response.statusCode ?? 0;
    if (status >= 300 && status < 400 && response.headers.location) {
      response.resume();
      url = new URL(response.headers.location, url);
      continue;
    }
    if (status < 200 || status >= 300) {
      response.resume();
      throw refused(`the server answered ${status}`);
    }
    return { response, url };
  }
  throw refused(`more than ${IMPORT_MAX_REDIRECTS} redirects`);
}
