import { config } from '@/lib/core/config';
import { refuseHostile } from '@/lib/core/parse';
import {
  ContentTooLargeError,
  InvalidPayloadError,
  UnsupportedMediaTypeError,
} from '@/lib/core/errors';
import type { ApiRequest } from './api-request';

/**
 * The whole request body, or null without one. Past MAX_PAYLOAD_SIZE, declared or counted
 * as it arrives, it is refused with 413 before more is buffered; `what` names it there.
 */
export async function readBodyBytes(request: ApiRequest, what = 'Payload'): Promise<Buffer | null> {
  const limit = config().MAX_PAYLOAD_SIZE;
  const tooLarge = () => new ContentTooLargeError(`${what} exceeds the ${limit} byte limit`);
  if (Number(request.headers.get('content-length') ?? 0) > limit) throw tooLarge();
  const direct = request.readAll?.(limit, tooLarge);
  if (direct) return direct;
  if (!request.body) return null;
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/**
 * Reads a JSON body, refusing the wrong content type (415), oversize (413), bad JSON, NUL
 * characters in any key or string and `__proto__` keys (400).
 */
export async function readJsonBody(request: ApiRequest): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  const bytes = await readBodyBytes(request);
  if (!bytes?.byteLength) return undefined;
  if (!/^application\/(.+\+)?json\b/i.test(type)) {
    throw new UnsupportedMediaTypeError('Request body must be sent as application/json');
  }
  const text = bytes.toString('utf8');
  let body: unknown;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    throw new InvalidPayloadError('Request body is not valid JSON');
  }
  refuseHostile(body, 'payload');
  return body;
}

/** Query string to a plain object; repeated keys become arrays. */
export function queryObject(url: URL): Record<string, string | string[]> {
  // No prototype: a parameter named `__proto__` is an ordinary key (refused by route()).
  const out = Object.create(null) as Record<string, string | string[]>;
  for (const [key, value] of url.searchParams) {
    const prev = out[key];
    out[key] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
  }
  return out;
}
