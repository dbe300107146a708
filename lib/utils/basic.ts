import 'server-only';
import { nanoid } from 'nanoid';
import { z } from 'zod';
import { invalidateModuleKeys } from '@/lib/access/module-keys';
import { invalidateScopeCache } from '@/lib/access/scope';
import {
  argon2Parameters,
  HASH_PARAMETERS,
  hashPassword,
  verifyPassword,
  type HashParameter,
} from '@/lib/core/passwords';
import { InvalidPayloadError } from '@/lib/core/errors';
import type { Db } from '@/lib/core/tables';
import { logger } from '@/lib/core/logger';
import { getSchema, invalidateSchema } from '@/lib/schema/overview';
import { indexSearches } from '@/lib/schema/search-index';
import { watchReadTables } from '@/lib/schema/watch-reads';
import { invalidateSettings } from '@/lib/settings/cache';
import { inHashQueue } from './hash-queue';

export const randomStringQuery = z.object({
  length: z.coerce.number().int().min(1).max(500).default(32),
});

/** A URL-safe random string (Directus' `GET /utils/random/string`). */
export function randomString(length: number): string {
  return nanoid(length);
}

export const hashGenerateBody = z.object({ string: z.string().min(1).max(1024) }).strict();
export const hashVerifyBody = z
  .object({ string: z.string().min(1).max(1024), hash: z.string().min(1).max(1024) })
  .strict();

/** An argon2id hash, as passwords and `hash` fields are stored. */
export function generateHash(input: z.infer<typeof hashGenerateBody>): Promise<string> {
  return inHashQueue(() => hashPassword(input.string));
}

const PARAMETER_NAMES: Record<HashParameter, string> = {
  m: 'memory cost (m)',
  t: 'time cost (t)',
  p: 'parallelism (p)',
  length: 'output length',
};

/**
 * A hash the caller hands in costs what its parameters say: one above this server's own
 * (HASH_PARAMETERS) is refused before any work, so it can't buy seconds of CPU and
 * gigabytes of memory per request.
 */
export async function verifyHash(input: z.infer<typeof hashVerifyBody>): Promise<boolean> {
  const found = argon2Parameters(input.hash);
  if (!found) throw new InvalidPayloadError('"hash" is not an argon2 hash in PHC form');
  for (const key of Object.keys(HASH_PARAMETERS) as HashParameter[]) {
    if (found[key] > HASH_PARAMETERS[key]) {
      throw new InvalidPayloadError(
        `"hash" asks for ${PARAMETER_NAMES[key]} ${found[key]}, above this server's ${HASH_PARAMETERS[key]}`,
      );
    }
  }
  return inHashQueue(() => verifyPassword(input.hash, input.string));
}

export const cacheClearQuery = z.object({
  system: z.enum(['true', 'false']).optional(),
});

/**
 * Drops what this deployment caches (every process hears of it): access, scopes, module
 * keys and settings always; with `system=true` the schema overview too, and then the tables
 * made outside the API are watched for writes, so their reads can be cached, and indexed
 * for search when large.
 */
export async function clearCaches(db: Db, system: boolean): Promise<void> {
  invalidateScopeCache();
  invalidateModuleKeys();
  invalidateSettings();
  if (!system) return;
  invalidateSchema();
  const schema = await getSchema(db);
  // A service that may not create the trigger still reloads: those reads stay uncached.
  await watchReadTables(db, schema).catch((err: unknown) =>
    logger.warn({ err: err instanceof Error ? err.message : String(err) }, 'write triggers'),
  );
  // Large tables made outside the API get their search indexes, in the background.
  void indexSearches(db, schema);
}
