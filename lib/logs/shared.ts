import 'server-only';
import crypto from 'node:crypto';
import type { Redis } from 'ioredis';
import { config } from '@/lib/core/config';
import type { LogBuffer, LogEntry } from '@/lib/core/log-buffer';
import { logBuffer } from '@/lib/core/logger';
import { redisPrefix, redisPublisher, redisSubscriber } from '@/lib/redis';

/**
 * The log of every instance and worker, as the conventions ask of `REDIS_URL` ("log streams
 * ... are shared by every instance through Redis"): each process appends its entries to one
 * capped Redis list (what GET /api/logs reads) and publishes them on one channel (what each
 * process's /api/logs/stream subscribers hear). A process hears its own entries straight
 * from its buffer, so its stream keeps working while Redis is away, and GET falls back to the
 * local buffer then. Forwarding never logs its own failures: that line would be forwarded too.
 */
type Listener = (entry: LogEntry) => void;

/** How long a read of the shared list may take before the local buffer answers instead. */
const READ_TIMEOUT_MS = 1_000;

export interface SharedLogsOptions {
  buffer: LogBuffer;
  publisher: Redis;
  subscriber: Redis;
  prefix: string;
  capacity: number;
}

export class SharedLogs {
  private readonly instance = crypto.randomUUID();
  private readonly listeners = new Set<Listener>();
  private pending: LogEntry[] = [];
  private flushing = false;
  private subscribed = false;
  private stopForwarding: (() => void) | null = null;

  constructor(private readonly o: SharedLogsOptions) {}

  private get list(): string {
    return `${this.o.prefix}logs`;
  }

  private get channel(): string {
    return `${this.o.prefix}logs:live`;
  }

  /** Appends every entry of this process's buffer to the shared log from now on. */
  forward(): void {
    if (this.stopForwarding) return;
    this.stopForwarding = this.o.buffer.subscribe((entry) => {
      this.pending.push(entry);
      if (!this.flushing) {
        this.flushing = true;
        // One round trip for the entries of one tick, not one per line.
        setImmediate(() => void this.flush());
      }
    });
  }

  private async flush(): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    this.flushing = false;
    if (!batch.length) return;
    const lines = batch.map((e) => JSON.stringify(e));
    await this.o.publisher
      .multi()
      .lpush(this.list, ...lines)
      .ltrim(this.list, 0, this.o.capacity - 1)
      .publish(this.channel, JSON.stringify({ from: this.instance, entries: batch }))
      .exec()
      .catch(() => undefined);
  }

  /** The shared entries, oldest first; null when Redis does not answer in time. */
  async entries(): Promise<LogEntry[] | null> {
    const read = this.o.publisher.lrange(this.list, 0, this.o.capacity - 1).then(
      // Each process pushes its entries a tick after logging them, so the list's order is
      // the order they arrived in, not the order they happened in.
      (lines) =>
        lines
          .reverse()
          .flatMap((l) => parsed(l))
          .sort((a, b) => a.time - b.time),
      () => null,
    );
    const late = new Promise<null>((r) => setTimeout(() => r(null), READ_TIMEOUT_MS).unref());
    return Promise.race([read, late]);
  }

  async clear(): Promise<void> {
    await this.o.publisher.del(this.list).catch(() => undefined);
  }

  /** Every new entry of every process: this one's from its buffer, the others' over Redis. */
  subscribe(listener: Listener): () => void {
    this.listen();
    this.listeners.add(listener);
    const local = this.o.buffer.subscribe(listener);
    return () => {
      local();
      this.listeners.delete(listener);
    };
  }

  private listen(): void {
    if (this.subscribed) return;
    this.subscribed = true;
    this.o.subscriber.on('message', (channel: string, raw: string) => {
      if (channel !== this.channel) return;
      const message = parsed(raw)[0] as { from?: unknown; entries?: unknown } | undefined;
      if (!message || message.from === this.instance || !Array.isArray(message.entries)) return;
      for (const entry of message.entries as LogEntry[]) {
        for (const l of this.listeners) {
          try {
            l(entry);
          } catch {
            // One broken stream must not keep the entry from the others.
          }
        }
      }
    });
    this.o.subscriber.subscribe(this.channel).catch(() => {
      this.subscribed = false;
    });
  }

  close(): void {
    this.stopForwarding?.();
    this.stopForwarding = null;
    this.listeners.clear();
  }
}

function parsed(line: string): LogEntry[] {
  try {
    const value = JSON.parse(line) as unknown;
    return typeof value === 'object' && value !== null ? [value as LogEntry] : [];
  } catch {
    return [];
  }
}

// On globalThis: Next may evaluate this module more than once per process.
const holder = globalThis as typeof globalThis & { __daasSharedLogs?: SharedLogs | null };

/** This process's shared log; null without REDIS_URL (each process keeps its own then). */
export function sharedLogs(): SharedLogs | null {
  if (holder.__daasSharedLogs !== undefined) return holder.__daasSharedLogs;
  const publisher = redisPublisher();
  const subscriber = redisSubscriber();
  holder.__daasSharedLogs =
    publisher && subscriber
      ? new SharedLogs({
          buffer: logBuffer,
          publisher,
          subscriber,
          prefix: redisPrefix(),
          capacity: config().LOG_BUFFER_SIZE,
        })
      : null;
  return holder.__daasSharedLogs;
}

/** At start: this process's entries go to the shared log (no-op without REDIS_URL). */
export function shareLogs(): void {
  sharedLogs()?.forward();
}
