/** A handler result that needs more than `{data}`: meta, a status, headers or cookies. */
export class Reply {
  constructor(
    readonly body: { data?: unknown; meta?: unknown } | null,
    readonly init: { status?: number; headers?: Record<string, string>; cookies?: string[] } = {},
  ) {}
}

export function reply(
  body: { data?: unknown; meta?: unknown } | null,
  init?: Reply['init'],
): Reply {
  return new Reply(body, init);
}

/** A list result: `{data, meta}` when the service counted, `{data}` otherwise. */
export function listReply(result: { data: unknown; meta?: unknown }): Reply {
  return reply(result.meta ? { data: result.data, meta: result.meta } : { data: result.data });
}

/**
 * A handler result sent exactly as given, outside the `{data}` envelope: plain text, a
 * health document, the OpenAPI document, a body the specification fixes.
 */
export class RawReply {
  constructor(
    readonly body: string,
    readonly init: { status?: number; headers?: Record<string, string> },
  ) {}
}

export function textReply(body: string, contentType = 'text/plain; charset=utf-8'): RawReply {
  return new RawReply(body, { headers: { 'content-type': contentType } });
}

export function jsonReply(
  body: unknown,
  init: { status?: number; headers?: Record<string, string>; contentType?: string } = {},
): RawReply {
  const contentType = init.contentType ?? 'application/json; charset=utf-8';
  return new RawReply(JSON.stringify(body), {
    status: init.status,
    headers: { ...init.headers, 'content-type': contentType },
  });
}

export interface CookieOptions {
  maxAgeSeconds?: number;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: 'Lax' | 'Strict' | 'None';
  path?: string;
}

export function serializeCookie(name: string, value: string, options: CookieOptions = {}): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${options.path ?? '/'}`];
  if (options.maxAgeSeconds !== undefined) parts.push(`Max-Age=${options.maxAgeSeconds}`);
  if (options.httpOnly ?? true) parts.push('HttpOnly');
  if (options.secure) parts.push('Secure');
  parts.push(`SameSite=${options.sameSite ?? 'Lax'}`);
  return parts.join('; ');
}
