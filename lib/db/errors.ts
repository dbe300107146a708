import {
  AppError,
  ConflictError,
  fieldError,
  InvalidPayloadError,
  InvalidQueryError,
  NotFoundError,
  ServiceUnavailableError,
} from '@/lib/core/errors';

interface PgLikeError {
  code?: unknown;
  column?: unknown;
  constraint?: unknown;
  detail?: unknown;
}

function field(err: PgLikeError): string | undefined {
  if (typeof err.column === 'string') return err.column;
  // "Key (email)=(a@b.c) already exists." → email. Only the column name is kept: the value
  // and the rest of the database's wording never reach a client.
  const m = typeof err.detail === 'string' ? /^Key \(([^)]+)\)/.exec(err.detail) : null;
  return m?.[1];
}

/** Seconds a client is told to wait when the database is away: a restart takes about one. */
export const DATABASE_RETRY_AFTER_S = 2;

/** 503 with Retry-After: an outage, which a client or load balancer retries, not a bug. */
export function databaseUnavailable(): AppError {
  return new ServiceUnavailableError('The database is not reachable', {
    headers: { 'retry-after': String(DATABASE_RETRY_AFTER_S) },
  });
}

// Socket failures of the driver, before or while talking to the server.
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

// The pg driver's own wording for a connection that broke or never came (they carry no code).
const LOST_CONNECTION =
  /^(Connection terminated|Client has encountered a connection error|Client was closed|timeout exceeded when trying to connect|Connection terminated due to connection timeout)/;

/**
 * The database could not be reached or went away: connection refused or reset, a pool that
 * could not connect in time, the server shutting down (57P01-57P03) or any connection
 * exception (class 08).
 */
export function isConnectionFailure(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) || code.startsWith('08')) return true;
    if (code === '57P01' || code === '57P02' || code === '57P03') return true;
  }
  if (err instanceof AggregateError) return err.errors.some(isConnectionFailure);
  const message = (err as { message?: unknown }).message;
  return typeof message === 'string' && LOST_CONNECTION.test(message);
}

/**
 * Maps a PostgreSQL SQLSTATE to a typed error with a message of our own. Returns null for
 * anything unknown, which the HTTP layer answers as a generic 500.
 */
export function translateDbError(err: unknown): AppError | null {
  if (err instanceof AppError) return err;
  if (!err || typeof err !== 'object') return null;
  if (isConnectionFailure(err)) return databaseUnavailable();
  const e = err as PgLikeError;
  if (typeof e.code !== 'string' || !/^[0-9A-Z]{5}$/.test(e.code)) return null;
  const name = field(e);
  const about = name ? ` for field "${name}"` : '';
  // With the column known, the error names its field as data too (see fieldExtensions).
  const named = (Kind: typeof InvalidPayloadError, message: string, type: string, text: string) =>
    name ? fieldError(Kind, message, { field: name, type, message: text }) : new Kind(message);
  switch (e.code) {
    case '23505':
      return named(ConflictError, `Value${about} has to be unique`, 'unique', 'Has to be unique');
    case '23503':
      return named(
        InvalidPayloadError,
        `Invalid foreign key${about}`,
        'foreign_key',
        "Doesn't match an existing item",
      );
    case '23502':
      return named(InvalidPayloadError, `Value${about} can't be null`, 'required', "Can't be null");
    case '22001':
      return named(InvalidPayloadError, `Value${about} is too long`, 'max_length', 'Is too long');
    case '22003':
      return named(
        InvalidPayloadError,
        `Numeric value${about} is out of range`,
        'range',
        'Is out of range',
      );
    case '22P02':
    case '22007':
    case '22008':
    // `\u0000` inside JSON text bound for jsonb; text the database's encoding can't hold.
    case '22P05':
    case '22021':
      return named(InvalidPayloadError, `Invalid value${about}`, 'invalid', 'Invalid value');
    case '23514':
      return named(
        InvalidPayloadError,
        `Value${about} fails a check constraint`,
        'check',
        'Fails a check constraint',
      );
    case '42883':
    case '42725':
      // No such function or operator for these types: a query combining a field with an
      // operation its type lacks, which the compiler did not catch first.
      return new InvalidQueryError("The operation doesn't apply to the field's type");
    case '57014':
      // statement_timeout (DB_STATEMENT_TIMEOUT_MS) or a cancel request.
      return new ServiceUnavailableError('The query took too long and was cancelled');
    case '42P01':
      return new NotFoundError('Collection not found');
    default:
      return null;
  }
}
