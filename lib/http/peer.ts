import type { ApiRequest } from './api-request';

/**
 * The TCP peer of a request served by the Node adapter, kept beside the Request object rather
 * than in a header, so no client can forge it.
 */
const peers = new WeakMap<ApiRequest, string>();

export function setPeer(request: ApiRequest, address: string | undefined): void {
  if (address) peers.set(request, address);
}

export function peerOf(request: ApiRequest): string | undefined {
  return peers.get(request);
}
