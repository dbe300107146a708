import 'server-only';
import os from 'node:os';
import pkg from '@/package.json';
import type { BareContext } from '@/lib/core/context';
import { ServiceUnavailableError } from '@/lib/core/errors';
import { config } from '@/lib/core/config';
import { replicaDb } from '@/lib/db/client';
import { probeDatabase, probeReplica } from './database';

type Status = 'ok' | 'warn' | 'error';

interface Check {
  status: Status;
  componentType: 'datastore' | 'system';
  observedUnit: 'ms' | 'bytes';
  observedValue: number;
  threshold?: number;
}

// Above this the database counts as slow ("warn"), as Directus reports it.
const DB_RESPONSE_THRESHOLD_MS = 150;
// Reads do without the replica, so the report does not wait on it as long as on the primary.
const REPLICA_PROBE_MS = 2_000;

function worst(statuses: Status[]): Status {
  if (statuses.includes('error')) return 'error';
  return statuses.includes('warn') ? 'warn' : 'ok';
}

/**
 * Health in the "application/health+json" format Directus uses. Everyone learns the overall
 * status; only administrators see the individual checks, which describe the infrastructure.
 * An unreachable database answers 503 so load balancers take the instance out.
 */
export async function serverHealth(ctx: BareContext): Promise<HealthReport> {
  const db = await probeDatabase(ctx.db);
  const dbStatus: Status = !db.ok
    ? 'error'
    : db.responseTime > DB_RESPONSE_THRESHOLD_MS
      ? 'warn'
      : 'ok';
  const memory = process.memoryUsage();
  const checks: Record<string, Check[]> = {
    'database:responseTime': [
      {
        status: dbStatus,
        componentType: 'datastore',
        observedUnit: 'ms',
        observedValue: db.responseTime,
        threshold: DB_RESPONSE_THRESHOLD_MS,
      },
    ],
    'memory:rss': [
      { status: 'ok', componentType: 'system', observedUnit: 'bytes', observedValue: memory.rss },
    ],
    'memory:heapUsed': [
      {
        status: 'ok',
        componentType: 'system',
        observedUnit: 'bytes',
        observedValue: memory.heapUsed,
      },
    ],
  };
  const replica = await replicaChecks();
  Object.assign(checks, replica.checks);
  const status = worst([dbStatus, ...replica.statuses]);
  const body = ctx.accountability.admin
    ? { status, releaseId: pkg.version, serviceId: os.hostname(), checks }
    : { status };
  return { status, body };
}

/**
 * The read replica's checks (DATABASE_READ_URL), none without one. Reads go to the primary
 * while the replica is out, so a replica that is down, slow or further behind than the sticky
 * window (a writer's own reads could miss its write) is a warning, never an outage.
 */
async function replicaChecks(): Promise<{ checks: Record<string, Check[]>; statuses: Status[] }> {
  const db = replicaDb();
  if (!db) return { checks: {}, statuses: [] };
  const probe = await probeReplica(db, REPLICA_PROBE_MS);
  const responseStatus: Status =
    !probe.ok || probe.responseTime > DB_RESPONSE_THRESHOLD_MS ? 'warn' : 'ok';
  const checks: Record<string, Check[]> = {
    'database:replica:responseTime': [
      {
        status: responseStatus,
        componentType: 'datastore',
        observedUnit: 'ms',
        observedValue: probe.responseTime,
        threshold: DB_RESPONSE_THRESHOLD_MS,
      },
    ],
  };
  const statuses = [responseStatus];
  if (probe.lag !== null) {
    const threshold = config().DATABASE_READ_STICKY_MS;
    const lagStatus: Status = probe.lag > threshold ? 'warn' : 'ok';
    checks['database:replica:lag'] = [
      {
        status: lagStatus,
        componentType: 'datastore',
        observedUnit: 'ms',
        observedValue: probe.lag,
        threshold,
      },
    ];
    statuses.push(lagStatus);
  }
  return { checks, statuses };
}

export interface HealthReport {
  status: Status;
  body: {
    status: Status;
    releaseId?: string;
    serviceId?: string;
    checks?: Record<string, Check[]>;
  };
}

/** The deprecated health check: the database answers, or a 503 carrying `headers`. */
export async function legacyHealth(
  ctx: BareContext,
  headers: Record<string, string>,
): Promise<{ status: 'ok' }> {
  const db = await probeDatabase(ctx.db);
  if (!db.ok) throw new ServiceUnavailableError('The database is not reachable', { headers });
  return { status: 'ok' };
}
