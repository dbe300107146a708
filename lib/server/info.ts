import 'server-only';
import os from 'node:os';
import pkg from '@/package.json';
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
}

/** Project identity for everyone; runtime and infrastructure detail for administrators only. */
export async function serverInfo(_input: unknown, ctx: RequestContext): Promise<ServerInfo> {
  const settings = await loadSettings(ctx.db);
  const project = { project_name: settings.project_name };
  if (!ctx.accountability.admin) return { project };
  return {
    project,
    version: pkg.version,
    node: { version: process.version, uptime: Math.round(process.uptime()) },
    database: { kind: dbKind(), version: await databaseVersion(ctx.db) },
    os: {
      type: os.type(),
      version: os.release(),
      uptime: Math.round(os.uptime()),
      totalmem: os.totalmem(),
    },
  };
}
