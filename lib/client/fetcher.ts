import { getActiveScope, SCOPE_HEADER } from './scope/scope-store';
import { isRecord } from './guards';

/**
 * The studio's one way to call the API: same-origin, cookies included, JSON in and out.
 * Failures become an ApiError whatever error body the endpoint uses, so components can map
 * `code` to a translated message under `Errors.<CODE>`.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** The fields at fault, as the server sent them (`extensions.fields` / `extensions.field`). */
  readonly fields: readonly ApiFieldError[];
  /** Everything else the error's extensions carried (an import's refused `rows`, say). */
  readonly extensions: Readonly<Record<string, unknown>>;

  constructor(
    status: number,
    code: string,
    message: string,
    fields: ApiFieldError[] = [],
    extensions: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.extensions = extensions;
  }
}

/** One field's problem in an error answer: the payload key, what failed and its text. */
export interface ApiFieldError {
  field: string;
  type: string;
  message: string;
}

/** Codes for bodies that carry none, chosen by status so the studio can still translate them. */
const CODE_BY_STATUS: Record<number, string> = {
  400: 'INVALID_PAYLOAD',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  429: 'REQUESTS_EXCEEDED',
};

function fallbackCode(status: number): string {
  return CODE_BY_STATUS[status] ?? (status >= 500 ? 'INTERNAL_SERVER_ERROR' : 'UNKNOWN');
}

/**
 * The fields named by one error's extensions: its `fields` list, or else its single
 * `field` (with the entry's message), as other Directus-compatible servers send it.
 */
function fieldsOf(extensions: Record<string, unknown>, message: string): ApiFieldError[] {
  const text = (v: unknown, fallback: string) => (typeof v === 'string' ? v : fallback);
  if (Array.isArray(extensions.fields)) {
    return extensions.fields
      .filter(isRecord)
      .flatMap((f) =>
        typeof f.field === 'string'
          ? [{ field: f.field, type: text(f.type, 'invalid'), message: text(f.message, message) }]
          : [],
      );
  }
  if (typeof extensions.field !== 'string') return [];
  return [{ field: extensions.field, type: text(extensions.type, 'invalid'), message }];
}

/**
 * Reads either `{error, code?, extensions?}` or `{errors: [{message, extensions: {code}}]}`
 * (every entry's fields count: an error about several fields may come as several entries).
 */
export function parseApiError(status: number, body: unknown): ApiError {
  if (isRecord(body)) {
    if (typeof body.error === 'string') {
      const code = typeof body.code === 'string' ? body.code : fallbackCode(status);
      const extensions = isRecord(body.extensions) ? body.extensions : {};
      return new ApiError(status, code, body.error, fieldsOf(extensions, body.error), extensions);
    }
    if (Array.isArray(body.errors) && isRecord(body.errors[0])) {
      const entries = body.errors.filter(isRecord);
      const first = entries[0];
      const extensions = isRecord(first.extensions) ? first.extensions : {};
      const code = typeof extensions.code === 'string' ? extensions.code : fallbackCode(status);
      const message = typeof first.message === 'string' ? first.message : `HTTP ${status}`;
      const fields = entries.flatMap((e) =>
        fieldsOf(
          isRecord(e.extensions) ? e.extensions : {},
          typeof e.message === 'string' ? e.message : message,
        ),
      );
      return new ApiError(status, code, message, fields, extensions);
    }
  }
  return new ApiError(status, fallbackCode(status), `HTTP ${status}`);
}

export interface FetchOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /**
   * The scope URI to send as `X-Resource-Uri`: left out, the studio's active scope; `''` for
   * the root scope whatever is active (the header wins over the cookie).
   */
  scope?: string;
  /** Let the request outlive the page (a last save as the tab closes). */
  keepalive?: boolean;
}

/** Calls `path` (for example `/api/users/me`) and returns the parsed JSON, or undefined for 204. */
export async function apiFetch<T>(path: string, options: FetchOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const scope = options.scope ?? getActiveScope();
  if (scope !== null) headers[SCOPE_HEADER] = scope;

  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      credentials: 'include',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
      keepalive: options.keepalive,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, 'NETWORK_ERROR', err instanceof Error ? err.message : 'Network error');
  }

  const text = await response.text();
  let body: unknown = undefined;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
  }
  if (!response.ok) throw parseApiError(response.status, body);
  return body as T;
}
