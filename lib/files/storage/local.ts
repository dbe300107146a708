import 'server-only';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { config } from '@/lib/core/config';
import type { ByteRange, StorageDriver } from './types';

/** Keys are made by the server; this still refuses anything that could leave the root. */
const SAFE_KEY = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/i;

let memoryRoot: string | null = null;

/** `DATA_DIR/uploads`; with an in-memory database, a temporary folder of this process. */
export function uploadsRoot(): string {
  const dataDir = config().DATA_DIR;
  if (dataDir === 'memory://') {
    memoryRoot ??= fs.mkdtempSync(path.join(os.tmpdir(), 'daas-uploads-'));
    return memoryRoot;
  }
  return path.resolve(dataDir, 'uploads');
}

export class LocalStorage implements StorageDriver {
  readonly name = 'local' as const;

  constructor(private readonly root: string = uploadsRoot()) {}

  private file(key: string): string {
    if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error('Unsafe storage key');
    return path.join(this.root, key);
  }

  async write(key: string, body: Readable): Promise<number> {
    const target = this.file(key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    // Written beside the target and renamed, so a failed upload never leaves half a file
    // where readers (or the bytes being replaced) live.
    const partial = `${target}.${process.pid}.${Date.now()}.part`;
    try {
      await pipeline(body, fs.createWriteStream(partial));
      await fsp.rename(partial, target);
    } catch (err) {
      await fsp.rm(partial, { force: true });
      throw err;
    }
    return (await fsp.stat(target)).size;
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    const target = this.file(key);
    await fsp.access(target);
    return fs.createReadStream(target, range ? { start: range.start, end: range.end } : {});
  }

  async size(key: string): Promise<number | null> {
    try {
      return (await fsp.stat(this.file(key))).size;
    } catch {
      return null;
    }
  }

  async move(from: string, to: string): Promise<void> {
    const target = this.file(to);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    await fsp.rename(this.file(from), target);
  }

  async delete(key: string): Promise<void> {
    await fsp.rm(this.file(key), { force: true });
  }

  async deletePrefix(prefix: string): Promise<void> {
    const dir = path.dirname(this.file(`${prefix}x`));
    const start = path.basename(prefix);
    const names = await fsp.readdir(dir).catch(() => [] as string[]);
    await Promise.all(
      names
        .filter((n) => n.startsWith(start))
        .map((n) => fsp.rm(path.join(dir, n), { force: true })),
    );
  }
}
