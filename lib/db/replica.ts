import 'server-only';
import type { Accountability } from '@/lib/core/accountability';
import { config } from '@/lib/core/config';
import type { ReadRouting } from '@/lib/core/context';
import { logger } from '@/lib/core/logger';
import type { Db } from '@/lib/core/tables';
import { onSiblingNotice, tellSiblings } from '@/lib/sibling-bus';
import { replicaDb } from './client';
import { isConnectionFailure } from './errors';

/**
 * Read replica routing (DATABASE_READ_URL). Only reads a service marks as lag-tolerant (item
 * and file data) may go to the replica, and only:
 * - in a GET or HEAD request that has not written anything;
 * - outside a transaction;
 * - when the caller (user, or address when anonymous) has not written in the last
 *   DATABASE_READ_STICKY_MS: a write marks the caller in this process at once, and in the
 *   other workers (and, with Redis, instances) through the sibling bus;
 * - while the replica answers: one that cannot be reached is left alone for RETRY_MS and
 *   the read goes to the primary instead.
 * Sessions, tokens, permissions, schema, settings and everything else read the primary.
 */
const TOPIC = 'read-sticky';
/** How long an unreachable replica is left alone before one read tries it again. */
const RETRY_MS = 5_000;
/** Callers remembered at once; past it the oldest marks go (a burst of distinct writers). */
const MAX_STICKY = 100_000;
/** A replica that is gone, refuses us or is full: left alone for RETRY_MS. */
const DOWN = new Set(['3D000', '28000', '28P01', '53300']);
/**
 * A replica behind the primary on the schema (a table or column the primary has), or a read
 * the standby cancelled to replay the primary's changes: that one read asks the primary.
 */
const BEHIND = new Set(['42P01', '42703', '40001']);

interface ReplicaState {
  /** Caller key → until when its reads stay on the primary (ms since the epoch). */
  sticky: Map<string, number>;
  /** Every caller's reads stay on the primary until then (notices from others were lost). */
  allUntil: number;
  downSince: number | null;
  retryAt: number;
  /** The replica the outage was seen on (a changed DATABASE_READ_URL starts afresh). */
  url?: string;
}

const holder = globalThis as typeof globalThis & { __daasReplicaRouting?: ReplicaState };
const state: ReplicaState = (holder.__daasReplicaRouting ??= {
  sticky: new Map(),
  allUntil: 0,
  downSince: null,
  retryAt: 0,
});

function stick(key: string): void {
  const until = Date.now() + config().DATABASE_READ_STICKY_MS;
  state.sticky.delete(key);
  state.sticky.set(key, until);
  if (state.sticky.size <= MAX_STICKY) return;
  const now = Date.now();
  for (const [k, u] of state.sticky) {
    if (state.sticky.size <= MAX_STICKY / 2) break;
    if (u <= now || state.sticky.size > MAX_STICKY) state.sticky.delete(k);
  }
}

function isSticky(key: string | null): boolean {
  if (Date.now() < state.allUntil) return true;
  if (key === null) return false;
  const until = state.sticky.get(key);
  if (until === undefined) return false;
  if (until > Date.now()) return true;
  state.sticky.delete(key);
  return false;
}

// No data: notices may have been lost (Redis reconnected, or cannot be heard right now), so
// any caller may have written elsewhere: everyone reads the primary for a window.
onSiblingNotice(TOPIC, (data) => {
  if (data) stick(data);
  else state.allUntil = Date.now() + config().DATABASE_READ_STICKY_MS;
});

/** Whose writes make whose reads sticky: the user, or an anonymous caller's address. */
export function readerKey(who: Accountability): string | null {
  if (who.user) return `u:${who.user}`;
  return who.ip ? `ip:${who.ip}` : null;
}

function replicaNow(): Db | null {
  const url = config().DATABASE_READ_URL;
  if (state.url !== url) {
    state.url = url;
    state.downSince = null;
  }
  if (state.downSince !== null) {
    if (Date.now() < state.retryAt) return null;
    // This read tries it; the others keep to the primary until it has answered.
    state.retryAt = Date.now() + RETRY_MS;
  }
  return replicaDb();
}

/** A request's routing; undefined without a replica (everything reads the primary). */
export function readRouting(input: {
  method: string;
  reader: string | null;
}): ReadRouting | undefined {
  if (!config().DATABASE_READ_URL) return undefined;
  const { reader } = input;
  let wrote = input.method !== 'GET' && input.method !== 'HEAD';
  const primaryOnly = () => wrote || isSticky(reader);
  return {
    replica: () => (primaryOnly() ? null : replicaNow()),
    primaryOnly,
    wrote() {
      wrote = true;
      if (reader === null || config().DATABASE_READ_STICKY_MS === 0) return;
      stick(reader);
      tellSiblings(TOPIC, reader);
    },
  };
}

function codeOf(err: unknown): string {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
}

function markDown(err: unknown): void {
  if (state.downSince === null) {
    logger.warn(
      { err: err instanceof Error ? err.message : String(err) },
      'read replica unreachable: reads go to the primary',
    );
    state.downSince = Date.now();
  }
  state.retryAt = Date.now() + RETRY_MS;
}

/**
 * `work` on the replica; on the primary when the replica cannot answer it. An unreachable
 * replica is logged once per outage, and again once it answers.
 */
export async function readOnReplica<T>(
  replica: Db,
  primary: Db,
  work: (db: Db) => Promise<T>,
): Promise<T> {
  let value: T;
  try {
    value = await work(replica);
  } catch (err) {
    const down = isConnectionFailure(err) || DOWN.has(codeOf(err));
    if (!down && !BEHIND.has(codeOf(err))) throw err;
    if (down) markDown(err);
    return work(primary);
  }
  if (state.downSince !== null) {
    logger.info({ downMs: Date.now() - state.downSince }, 'read replica answers again');
    state.downSince = null;
  }
  return value;
}
