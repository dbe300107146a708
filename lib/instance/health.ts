import 'server-only';
import os from 'node:os';
import pkg from '@/package.json';
import type { BareContext } from '@/lib/core/context';
import { ServiceUnavailableError } from '@/lib/core/errors';
import { probeDatabase } from './database';

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
  const status = worst([dbStatus]);
  const body = ctx.accountability.admin
    ? { status, releaseId: pkg.version, serviceId: os.hostname(), checks }
    : { status };
  return { status, body };
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
