import { AppError, ConflictError, InvalidPayloadError } from '@/lib/core/errors';

function sqlState(err: unknown): string | null {
  if (err instanceof AppError || !err || typeof err !== 'object') return null;
  const code = (err as { code?: unknown }).code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : null;
}

/**
 * Turns the database refusing a schema change into a 400/409 with our own reason; the
 * database's wording (which may quote values) never reaches the client.
 */
export function schemaChangeError(err: unknown, what: string): unknown {
  const code = sqlState(err);
  if (!code) return err;
  if (code === '42P07' || code === '42710') {
    return new ConflictError(`${what}: an object with that name already exists`);
  }
  if (code === '2BP01')
    return new InvalidPayloadError(`${what}: other database objects depend on it`);
  if (code === '23505')
    return new InvalidPayloadError(`${what}: existing rows have duplicate values`);
  if (code === '23502') return new InvalidPayloadError(`${what}: existing rows have null values`);
  if (code === '22001') {
    return new InvalidPayloadError(`${what}: existing values are longer than the new length`);
  }
  if (code === '42804' || code === '42846') {
    return new InvalidPayloadError(`${what}: the database has no conversion between these types`);
  }
  if (code.startsWith('22')) {
    return new InvalidPayloadError(`${what}: existing values can't be converted`);
  }
  if (code === '0A000')
    return new InvalidPayloadError(`${what}: not supported by the database here`);
  return err;
}
