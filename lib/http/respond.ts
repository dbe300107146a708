import { translateDbError } from '@/lib/db/errors';
import { logger } from '@/lib/core/logger';
import { AppError, InternalError } from '@/lib/core/errors';
import { jsonOutcome, type Outcome } from './outcome';
import type { ErrorShape } from './shapes';

export function errorBody(err: AppError, shape: ErrorShape): unknown {
  if (shape === 'simple') {
    return { error: err.message, code: err.code };
  }
  return { errors: [{ message: err.message, extensions: { code: err.code, ...err.extensions } }] };
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
