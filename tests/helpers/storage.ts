import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { S3RVER_OBJECT_SUFFIX, startS3Server, type S3Server } from './s3-server';

/** The storage drivers the file suites run against: `describe.each(STORAGE_DRIVERS)`. */
export const STORAGE_DRIVERS = ['local', 's3'] as const;
export type StorageDriverName = (typeof STORAGE_DRIVERS)[number];

/** What a driver has stored, read from where it keeps it rather than through the driver. */
export interface StoredObjects {
  /** Every key stored right now (cached transforms under `transforms/`, `staging/` …). */
  keys(): string[];
  /** The bytes stored under `key`, or null. */
  bytes(key: string): Buffer | null;
  /** The stored bytes of a file, found by its row's `filename_disk`. */
  ofFile(id: string): Promise<Buffer | null>;
}

function walk(dir: string, base = dir): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? walk(full, base) : [path.relative(base, full)];
  });
}

/**
 * New files of the enclosing `describe` are stored with `driver`: the local folder, or an
 * S3-compatible server started in this process for the block and closed after it.
 */
export function storeFilesWith(driver: StorageDriverName): StoredObjects {
  let s3: S3Server | undefined;
  // Where the objects are on disk, and what the store appends to a key to name the file.
  let root = '';
  let suffix = '';

  beforeAll(async () => {
    if (driver === 's3') {
      s3 = await startS3Server();
      Object.assign(process.env, s3.env);
      root = s3.objectsDir;
      suffix = S3RVER_OBJECT_SUFFIX;
    } else {
      const { uploadsRoot } = await import('@/lib/files/storage/local');
      root = uploadsRoot();
    }
  });

  afterAll(async () => {
    if (!s3) return;
    for (const key of Object.keys(s3.env)) delete process.env[key];
    await s3.close();
  });

  const stored: StoredObjects = {
    keys: () =>
      walk(root)
        .filter((k) => k.endsWith(suffix))
        .map((k) => k.slice(0, k.length - suffix.length)),
    bytes(key) {
      const file = path.join(root, key + suffix);
      return fs.existsSync(file) ? fs.readFileSync(file) : null;
    },
    async ofFile(id) {
      const { getDb } = await import('@/lib/db/client');
      const row = await getDb()
        .selectFrom('daas_files')
        .select('filename_disk')
        .where('id', '=', id)
        .executeTakeFirst();
      return row?.filename_disk ? stored.bytes(row.filename_disk) : null;
    },
  };
  return stored;
}
