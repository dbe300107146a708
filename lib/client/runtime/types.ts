/** The runtime module's rows as `/api/extensions`, `/api/cron` and `/api/services` answer. */
export const EXTENSION_TYPES = ['endpoint', 'hook', 'operation', 'service'] as const;
export type ExtensionType = (typeof EXTENSION_TYPES)[number];

export interface ExtensionRow {
  id: string;
  name: string;
  type: ExtensionType;
  enabled: boolean;
  run_as: string | null;
  last_error: string | null;
  last_error_at: string | null;
  date_updated: string | null;
}

export interface Extension extends ExtensionRow {
  source: string;
}

export type ExtensionInput = Pick<Extension, 'name' | 'type' | 'source' | 'enabled' | 'run_as'>;

export interface CronJob {
  id: string;
  name: string;
  schedule: string;
  timezone: string;
  enabled: boolean;
  operation: string | null;
  payload: unknown;
  last_run_at: string | null;
  last_status: 'success' | 'error' | null;
  last_error: string | null;
  next_run_at: string | null;
}

export type CronInput = Pick<
  CronJob,
  'name' | 'schedule' | 'timezone' | 'enabled' | 'operation' | 'payload'
>;

/** `POST /api/cron/:id/trigger`: how the run went (a failure is an answer, not an error). */
export interface CronOutcome {
  status: 'success' | 'error';
  error: string | null;
  result?: unknown;
}

export interface CronRun {
  id: string;
  trigger: 'manual' | 'schedule';
  scheduled_for: string | null;
  started_at: string;
  finished_at: string | null;
  status: 'running' | 'success' | 'error';
  error: string | null;
}

export interface CustomService {
  id: string;
  name: string;
  extension: string | null;
  /** Values under `config.secrets` come back masked; sent back masked they are kept. */
  config: Record<string, unknown> | null;
  enabled: boolean;
}

export type ServiceInput = Omit<CustomService, 'id'>;

/** The three admin collections of the module, by their API path segment. */
export type RuntimeResource = 'extensions' | 'cron' | 'services';

export interface RuntimeListParams {
  search: string;
  /** Equality filters on plain columns (for example `{type: 'endpoint'}`). */
  filter: Record<string, string | null>;
  page: number;
  limit: number;
}
