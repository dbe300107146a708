import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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

/** An S3-compatible server in this process, on a loopback port, with one empty bucket. */
export async function startS3Server(bucket = 'daas-test'): Promise<S3Server> {
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
