import 'server-only';
import { sql } from 'kysely';
import type { Db } from '@/lib/db/client';

const TIMEOUT_MS = 5_000;

export interface DatabaseProbe {
  ok: boolean;
  /** Round trip of `select 1` in milliseconds. */
  responseTime: number;
}

/**
 * One `select 1`, bounded in time: a probe that hangs with a stuck database would make the
 * orchestrator's own check time out instead of reporting the failure.
 */
export async function probeDatabase(db: Db, timeoutMs = TIMEOUT_MS): Promise<DatabaseProbe> {
  const start = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('database probe timed out')), timeoutMs);
  });
  try {
    await Promise.race([sql`select 1`.execute(db), timeout]);
    return { ok: true, responseTime: elapsed(start) };
  } catch {
    return { ok: false, responseTime: elapsed(start) };
  } finally {
    clearTimeout(timer);
  }
}

function elapsed(start: number): number {
  return Math.round((performance.now() - start) * 1000) / 1000;
}

export async function databaseVersion(db: Db): Promise<string | null> {
  const result = await sql<{ version: string }>`select version() as version`.execute(db);
  return result.rows[0]?.version ?? null;
}
