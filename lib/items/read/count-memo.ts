import type { RawBuilder } from 'kysely';
import type { Db } from '@/lib/db/client';

/** A statement's text and bound values as one string: the key of what is known of its rows. */
export function statementKey(db: Db, query: RawBuilder<unknown>): string {
  const compiled = query.compile(db);
  const parameters = JSON.stringify(compiled.parameters, (_key, v: unknown) =>
    typeof v === 'bigint' ? v.toString() : v,
  );
  return `${compiled.sql}\u0000${parameters}`;
}

/**
 * Facts about statements, each good for `ttlMs` after it was learnt, at most `max` of them
 * (the oldest goes first). Per process: a worker that has not learnt a fact does the work.
 */
export class Recent<T> {
  private readonly entries = new Map<string, { value: T; at: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly max: number,
  ) {}

  get(key: string): T | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (Date.now() - hit.at < this.ttlMs) return hit.value;
    this.entries.delete(key);
    return undefined;
  }

  set(key: string, value: T): void {
    this.entries.delete(key);
    if (this.entries.size >= this.max) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { value, at: Date.now() });
  }
}
