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

/**
 * The one place an exception becomes an answer. Known errors keep their message; anything
 * else is logged with the request id and answered with a generic 500, so no stack trace,
 * SQL text or database message reaches a client.
 */
export function errorOutcome(err: unknown, shape: ErrorShape, requestId: string): Outcome {
  let known = translateDbError(err);
  if (!known) {
    logger.error(
      { requestId, err: err instanceof Error ? { message: err.message, stack: err.stack } : err },
      'unhandled error',
    );
    known = new InternalError();
  }
  const outcome = jsonOutcome(errorBody(known, shape), known.status, known.headers);
  outcome.headers['x-request-id'] = requestId;
  return outcome;
}
