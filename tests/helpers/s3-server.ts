import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface S3Server {
  endpoint: string;
  bucket: string;
  /** Keys stored in the bucket right now. */
  keys(): string[];
  close(): Promise<void>;
}

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
  const bucketDir = path.join(dir, bucket);
  const walk = (d: string): string[] =>
    fs.existsSync(d)
      ? fs.readdirSync(d, { withFileTypes: true }).flatMap((e) => {
          const full = path.join(d, e.name);
          return e.isDirectory() ? walk(full) : [path.relative(bucketDir, full)];
        })
      : [];
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    keys: () =>
      walk(bucketDir)
        .filter((k) => !k.endsWith('._S3rver_metadata.json'))
        .map((k) => k.replace(/\._S3rver_object$/, '')),
    close: async () => {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
