import { translateDbError } from '@/lib/db/errors';
import { logger } from '@/lib/core/logger';
import { AppError, InternalError } from '@/lib/core/errors';
import { jsonOutcome, type Outcome } from './outcome';
import type { ErrorShape } from './shapes';

/**
 * The body of an error in the endpoint's shape. Extensions (the fields at fault, see
 * fieldExtensions) ride along in both: the simple body as `extensions`, the structured one
 * in its one entry, next to `code`. One error stays one entry, however many fields it names:
 * `extensions.fields` lists them.
 */
export function errorBody(err: AppError, shape: ErrorShape): unknown {
  const extensions = err.extensions && Object.keys(err.extensions).length ? err.extensions : null;
  if (shape === 'simple') {
    return { error: err.message, code: err.code, ...(extensions && { extensions }) };
  }
  return { errors: [{ message: err.message, extensions: { code: err.code, ...extensions } }] };
}

/** Where a request went: the path only, since query values may carry tokens or personal data. */
export interface RequestLine {
  method: string;
  path: string;
}

/**
 * One error line in the log for every 5xx answer: method, path, status and code. The
 * detail (the original message, and for a fault nobody anticipated its stack) stays in
 * this server's log and never reaches the client.
 */
export function logServerAnswer(
  line: RequestLine & { requestId: string; status: number; code: string; err?: unknown },
  unexpected = false,
): void {
  const { err, ...where } = line;
  const detail =
    err instanceof Error ? { message: err.message, ...(unexpected && { stack: err.stack }) } : err;
  logger.error(
    { event: 'http.error', ...where, ...(detail !== undefined && { err: detail }) },
    unexpected ? 'unhandled error' : 'request failed',
  );
}

/**
 * The one place an exception becomes an answer. Known errors keep their message; anything
 * else is answered with a generic 500, so no stack trace, SQL text or database message
 * reaches a client. Every 5xx is logged with the request id (and, given, method and path).
 */
export function errorOutcome(
  err: unknown,
  shape: ErrorShape,
  requestId: string,
  where: RequestLine = { method: '?', path: '?' },
): Outcome {
  const translated = translateDbError(err);
  const known = translated ?? new InternalError();
  if (known.status >= 500) {
    logServerAnswer(
      { ...where, requestId, status: known.status, code: known.code, err },
      translated === null,
    );
  }
  const outcome = jsonOutcome(errorBody(known, shape), known.status, known.headers);
  outcome.headers['x-request-id'] = requestId;
  return outcome;
}
