import 'server-only';
import type { ColumnType, Generated } from 'kysely';
import type { Db } from '@/lib/db/client';

type Json = ColumnType<unknown, string | null | undefined, string | null>;
type Stamp = ColumnType<Date | string, Date | string | undefined, Date | string>;

export interface ExtensionsTable {
  id: Generated<string>;
  name: string;
  type: 'hook' | 'endpoint' | 'operation' | 'service';
  source: string;
  enabled: Generated<boolean>;
  run_as: string | null;
  options: Json;
  last_error: string | null;
  last_error_at: ColumnType<Date | string | null, Date | string | null | undefined>;
  date_created: Generated<Date | string>;
  date_updated: ColumnType<Date | string | null, Date | string | null | undefined>;
}

export interface CronTable {
  id: Generated<string>;
  name: string;
  schedule: string;
  timezone: Generated<string>;
  enabled: Generated<boolean>;
  operation: string | null;
  payload: Json;
  last_run_at: ColumnType<Date | string | null, Date | string | null | undefined>;
  last_status: string | null;
  last_error: string | null;
  next_run_at: ColumnType<Date | string | null, Date | string | null | undefined>;
}

export interface CronRunsTable {
  id: Generated<string>;
  cron: string;
  trigger: string;
  scheduled_for: ColumnType<Date | string | null, Date | string | null | undefined>;
  started_at: Stamp;
  finished_at: ColumnType<Date | string | null, Date | string | null | undefined>;
  status: string;
  error: string | null;
}

export interface ServicesTable {
  id: Generated<string>;
  name: string;
  extension: string | null;
  config: Json;
  enabled: Generated<boolean>;
}

export type RuntimeTables = {
  daas_extensions: ExtensionsTable;
  daas_cron: CronTable;
  daas_cron_runs: CronRunsTable;
  daas_services: ServicesTable;
};

/** The database with the runtime tables typed (they live in this module, not lib/core). */
export function runtimeDb(db: Db) {
  return db.withTables<RuntimeTables>();
}
