import 'server-only';
import { sql } from 'kysely';
import { config } from '@/lib/core/config';
import { logger } from '@/lib/core/logger';
import type { Db } from '@/lib/db/client';
import { migrations } from '@/lib/db/migrate';

/**
 * What a serverless cold start checks instead of migrating: every function instance starts on
 * its own, often many at once, and none may keep files or run past its request. Throws with
 * what to set when the deployment can't work, so the first request fails loudly rather than
 * a later one losing an upload.
 */
export async function checkServerless(db: Db): Promise<void> {
  const c = config();
  if (!c.DATABASE_URL) {
    throw new Error(
      'Serverless mode needs DATABASE_URL: the embedded database lives on a disk no function keeps',
    );
  }
  if (!c.STORAGE_S3_BUCKET) {
    throw new Error(
      'Serverless mode needs STORAGE_S3_BUCKET (and STORAGE_S3_KEY, STORAGE_S3_SECRET, STORAGE_S3_ENDPOINT outside AWS): uploads cannot be kept on a function disk',
    );
  }
  if (!c.SECRET) {
    throw new Error('Serverless mode needs SECRET: a generated key would differ per instance');
  }
  const applied = await sql<{ name: string }>`select name from daas_migrations`
    .execute(db)
    .then((r) => new Set(r.rows.map((row) => row.name)))
    .catch(() => new Set<string>());
  const missing = migrations.filter((m) => !applied.has(m.name)).map((m) => m.name);
  if (missing.length) {
    throw new Error(
      `Database not migrated (${missing.join(', ')}): run \`npm run migrate\` as a deploy step`,
    );
  }
  // A frozen instance hears no write notices, so a warm one could answer from a stale copy.
  logger.info('serverless: the read cache is off (a frozen instance hears no write notices)');
  if (!c.REDIS_URL) {
    logger.warn(
      'serverless without REDIS_URL: sign-in rate limits are counted per function instance',
    );
  }
}
