import 'server-only';
import { sql } from 'kysely';
import type { Db } from '@/lib/db/client';

const TIMEOUT_MS = 5_000;

export interface DatabaseProbe {
  ok: boolean;
  /** Round trip of `select 1` in milliseconds. */
  responseTime: number;
}

/** `work` or a rejection after `timeoutMs`, whichever comes first. */
async function bounded<T>(work: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('database probe timed out')), timeoutMs);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * One `select 1`, bounded in time: a probe that hangs with a stuck database would make the
 * orchestrator's own check time out instead of reporting the failure.
 */
export async function probeDatabase(db: Db, timeoutMs = TIMEOUT_MS): Promise<DatabaseProbe> {
  const start = performance.now();
  try {
    await bounded(sql`select 1`.execute(db), timeoutMs);
    return { ok: true, responseTime: elapsed(start) };
  } catch {
    return { ok: false, responseTime: elapsed(start) };
  }
}

export interface ReplicaProbe extends DatabaseProbe {
  /**
   * How far the standby's replay is behind, in ms: 0 once it has replayed all it received,
   * null when the server is no standby (or did not answer).
   */
  lag: number | null;
}

/**
 * The read replica's round trip and replay lag in one statement. A caught-up standby of an
 * idle primary has an old last replay, so lag counts only while received WAL waits.
 */
export async function probeReplica(db: Db, timeoutMs = TIMEOUT_MS): Promise<ReplicaProbe> {
  const start = performance.now();
  try {
    const { rows } = await bounded(
      sql<{ lag: string | number | null }>`select case
          when not pg_is_in_recovery() then null
          when pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() then 0
          else extract(epoch from now() - pg_last_xact_replay_timestamp()) * 1000
        end as lag`.execute(db),
      timeoutMs,
    );
    const lag = rows[0]?.lag;
    return {
      ok: true,
      responseTime: elapsed(start),
      lag: lag === null || lag === undefined ? null : Math.max(0, Math.round(Number(lag))),
    };
  } catch {
    return { ok: false, responseTime: elapsed(start), lag: null };
  }
}

function elapsed(start: number): number {
  return Math.round((performance.now() - start) * 1000) / 1000;
}

export async function databaseVersion(db: Db): Promise<string | null> {
  const result = await sql<{ version: string }>`select version() as version`.execute(db);
  return result.rows[0]?.version ?? null;
}
