import type { Readable } from 'node:stream';

/** A byte range, both ends inclusive, as a `Range: bytes=a-b` header names it. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where file bytes live. Keys are chosen by the server (`<file id>.<ext>`, transform caches
 * under `transforms/`), never taken from a client.
 */
export interface StorageDriver {
  readonly name: 'local' | 's3';
  /** Stores the stream under `key`, replacing what was there; resolves to the byte count. */
  write(key: string, body: Readable): Promise<number>;
  read(key: string, range?: ByteRange): Promise<Readable>;
  /** Size in bytes, or null when nothing is stored under `key`. */
  size(key: string): Promise<number | null>;
  /** Moves stored bytes to another key, replacing what was there. */
  move(from: string, to: string): Promise<void>;
  delete(key: string): Promise<void>;
  /** Deletes every key starting with `prefix` (a file's cached transforms). */
  deletePrefix(prefix: string): Promise<void>;
}
