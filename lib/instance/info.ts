import 'server-only';
import os from 'node:os';
import pkg from '@/package.json';
import { authRateLimits } from '@/lib/rate-limit';
import { config } from '@/lib/core/config';
import { dbKind, type DbKind } from '@/lib/db/client';
import type { RequestContext } from '@/lib/core/context';
import { loadSettings } from '@/lib/settings/cache';
import { databaseVersion } from './database';

export interface ServerInfo {
  project: { project_name: string };
  version?: string;
  node?: { version: string; uptime: number };
  database?: { kind: DbKind; version: string | null };
  os?: { type: string; version: string; uptime: number; totalmem: number };
  /** Request limits a signed-in client works within (the studio chunks batches by them). */
  limits?: { max_batch_mutation: number; query_limit_max: number };
  /** Sign-in rules set by the environment, for the studio's security settings (read-only). */
  auth?: {
    mfa_force_enabled: boolean;
    rate_limit: { points: number; ip_points: number; duration: number };
  };
}

function rateLimit() {
  const { points, ipPoints, duration } = authRateLimits();
  return { points, ip_points: ipPoints, duration };
}

/** Project identity for everyone; runtime and infrastructure detail for administrators only. */
export async function serverInfo(_input: unknown, ctx: RequestContext): Promise<ServerInfo> {
  const settings = await loadSettings(ctx.db);
  const project = { project_name: settings.project_name };
  if (ctx.accountability.user === null) return { project };
  const limits = {
    max_batch_mutation: config().MAX_BATCH_MUTATION,
    query_limit_max: config().QUERY_LIMIT_MAX,
  };
  if (!ctx.accountability.admin) return { project, limits };
  return {
    project,
    limits,
    version: pkg.version,
    node: { version: process.version, uptime: Math.round(process.uptime()) },
    database: { kind: dbKind(), version: await databaseVersion(ctx.db) },
    os: {
      type: os.type(),
      version: os.release(),
      uptime: Math.round(os.uptime()),
      totalmem: os.totalmem(),
    },
    auth: { mfa_force_enabled: config().MFA_FORCE_ENABLED, rate_limit: rateLimit() },
  };
}
