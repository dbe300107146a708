import 'server-only';
import { config } from '@/lib/core/config';
import { LocalStorage, uploadsRoot } from './local';
import { S3Storage } from './s3';
import type { StorageDriver } from './types';

const drivers = new Map<string, { driver: StorageDriver; settings: string }>();

/** The driver new files are stored with: S3 when a bucket is configured, else local. */
export function defaultStorageName(): 'local' | 's3' {
  return config().STORAGE_S3_BUCKET ? 's3' : 'local';
}

function settingsOf(name: string): string {
  const c = config();
  return name === 's3'
    ? JSON.stringify([
        c.STORAGE_S3_BUCKET,
        c.STORAGE_S3_ENDPOINT,
        c.STORAGE_S3_REGION,
        c.STORAGE_S3_KEY,
      ])
    : uploadsRoot();
}

function create(name: string): StorageDriver {
  const c = config();
  if (name === 'local') return new LocalStorage();
  if (name === 's3' && c.STORAGE_S3_BUCKET) {
    return new S3Storage({
      bucket: c.STORAGE_S3_BUCKET,
      endpoint: c.STORAGE_S3_ENDPOINT,
      region: c.STORAGE_S3_REGION,
      accessKeyId: c.STORAGE_S3_KEY,
      secretAccessKey: c.STORAGE_S3_SECRET,
      forcePathStyle: c.STORAGE_S3_FORCE_PATH_STYLE || Boolean(c.STORAGE_S3_ENDPOINT),
    });
  }
  // A file stored with a driver this instance has no settings for: a server fault.
  throw new Error(`Storage driver "${name}" is not configured`);
}

/** The driver a stored file names (kept per process; rebuilt when its settings change). */
export function storage(name: string = defaultStorageName()): StorageDriver {
  const settings = settingsOf(name);
  const known = drivers.get(name);
  if (known && known.settings === settings) return known.driver;
  const driver = create(name);
  drivers.set(name, { driver, settings });
  return driver;
}
