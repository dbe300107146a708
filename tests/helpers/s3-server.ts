import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import S3rver from 's3rver';

export interface S3Server {
  endpoint: string;
  bucket: string;
  /** What points the app's S3 driver at this server (the STORAGE_S3_* variables). */
  env: Record<string, string>;
  /** The folder the bucket's objects are kept in: `<key>._S3rver_object` each. */
  objectsDir: string;
  close(): Promise<void>;
}

/** The suffix s3rver gives the file holding an object's bytes. */
export const S3RVER_OBJECT_SUFFIX = '._S3rver_object';

interface PutResult {
  size: number;
}
interface FilesystemStore {
  putObject(object: { bucket: string; key: string }): Promise<PutResult>;
  getResourcePath(bucket: string, key: string, resource: string): string;
}
let writesAwaited = false;

/**
 * s3rver answers a PUT once the bytes have passed through, before its file is flushed, so a
 * read right after a write can see an empty object; S3 itself reads its own writes. The test
 * server is made to wait for the file (bounded), so that tests see S3's behaviour.
 */
function awaitFlushedPuts(): void {
  if (writesAwaited) return;
  writesAwaited = true;
  const store = createRequire(import.meta.url)('s3rver/lib/stores/filesystem.js') as {
    prototype: FilesystemStore;
  };
  const put = store.prototype.putObject;
  store.prototype.putObject = async function (this: FilesystemStore, object) {
    const result = await put.call(this, object);
    const file = this.getResourcePath(object.bucket, object.key, 'object');
    for (let i = 0; i < 400; i++) {
      const stat = await fs.promises.stat(file).catch(() => null);
      if (stat && stat.size >= result.size) break;
      await sleep(5);
    }
    return result;
  };
}

/** An S3-compatible server in this process, on a loopback port, with one empty bucket. */
export async function startS3Server(bucket = 'daas-test'): Promise<S3Server> {
  awaitFlushedPuts();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'daas-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      STORAGE_S3_BUCKET: bucket,
      STORAGE_S3_ENDPOINT: endpoint,
      STORAGE_S3_KEY: 'S3RVER',
      STORAGE_S3_SECRET: 'S3RVER',
    },
    objectsDir: path.join(dir, bucket),
    close: async () => {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
