import 'server-only';
import { nanoid } from 'nanoid';
import { z } from 'zod';
import { invalidateModuleKeys } from '@/lib/access/module-keys';
import { invalidateScopeCache } from '@/lib/access/scope';
import { hashPassword, verifyPassword } from '@/lib/auth/passwords';
import { invalidateSchema } from '@/lib/schema/overview';
import { invalidateSettings } from '@/lib/settings/cache';

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
  return hashPassword(input.string);
}

export function verifyHash(input: z.infer<typeof hashVerifyBody>): Promise<boolean> {
  return verifyPassword(input.hash, input.string);
}

export const cacheClearQuery = z.object({
  system: z.enum(['true', 'false']).optional(),
});

/**
 * Drops what this deployment caches (every process hears of it): access, scopes, module
 * keys and settings always; the schema overview too with `system=true`.
 */
export function clearCaches(system: boolean): void {
  invalidateScopeCache();
  invalidateModuleKeys();
  invalidateSettings();
  if (system) invalidateSchema();
}
