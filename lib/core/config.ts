import 'server-only';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');
/** On unless set to `false` or `0`. */
const boolOn = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v !== 'false' && v !== '0');

const envSchema = z.object({
  DATABASE_URL: z.string().optional(),
  /**
   * How the server behind DATABASE_URL hands out connections: `session` (PostgreSQL itself, or
   * a pooler in session mode) or `transaction` (PgBouncer and the like in transaction mode,
   * where two statements outside a transaction may reach two different server connections).
   */
  DATABASE_POOL_MODE: z.enum(['session', 'transaction']).default('session'),
  /** The same database without the pooler: LISTEN and the migrations' lock need a session. */
  DATABASE_DIRECT_URL: z.string().optional(),
  /**
   * A read replica of DATABASE_URL: item reads that may lag go there (see lib/db/replica).
   * PostgreSQL only: the embedded database has no replicas, so it is refused without DATABASE_URL.
   */
  DATABASE_READ_URL: z.string().optional(),
  /** Milliseconds after a caller's write during which that caller's reads stay on the primary. */
  DATABASE_READ_STICKY_MS: z.coerce.number().int().min(0).default(2000),
  /** Connections of the replica's pool (per process); unset: the primary's DB_POOL_MAX. */
  DB_READ_POOL_MAX: z.coerce.number().int().positive().optional(),
  DATA_DIR: z.string().default('./.data'),
  PORT: z.coerce.number().int().positive().default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.string().optional(),
  SECRET: z.string().optional(),
  ADMIN_EMAIL: z.string().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  ACCESS_TOKEN_TTL: z.string().default('15m'),
  REFRESH_TOKEN_TTL: z.string().default('7d'),
  MAX_BATCH_MUTATION: z.coerce.number().int().positive().default(100),
  JSONB_SEARCH_MATCH_LIMIT: z.coerce.number().int().positive().default(150),
  MAX_PAYLOAD_SIZE: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  /** Relation levels a read may reach through fields, deep, sort and filter paths. */
  MAX_RELATIONAL_DEPTH: z.coerce.number().int().positive().default(10),
  /** `*` levels in one field path: `*.*.*` is 3. */
  QUERY_MAX_WILDCARD_DEPTH: z.coerce.number().int().positive().default(3),
  /** Related collections one read may join (each nested relation is a subquery). */
  QUERY_MAX_JOINS: z.coerce.number().int().positive().default(50),
  /** Values one read may select, summed over every nested level; also caps list parameters. */
  QUERY_MAX_FIELDS: z.coerce.number().int().positive().default(1000),
  /** Rows one read may nest: its page size times the windows of the to-many relations below. */
  QUERY_MAX_NESTED_ROWS: z.coerce.number().int().positive().default(1_000_000),
  /** Conditions and nesting levels of one filter. */
  QUERY_MAX_FILTER_NODES: z.coerce.number().int().positive().default(1000),
  QUERY_MAX_FILTER_DEPTH: z.coerce.number().int().positive().default(10),
  /** Page size of a read without `limit`, root and nested to-many relations. */
  QUERY_LIMIT_DEFAULT: z.coerce.number().int().positive().default(25),
  /** Largest `limit` (and nested `_limit`) a non-admin may ask for; `-1` becomes it. -1: none. */
  QUERY_LIMIT_MAX: z.coerce.number().int().min(-1).default(1000),
  /** Item reads served from memory until a write reaches a table they read (on unless "false"). */
  READ_CACHE: boolOn,
  /** Live subscriptions (WebSocket `/api/websocket`, SSE `/api/realtime`): per user and process. */
  REALTIME_MAX_CONNECTIONS_PER_USER: z.coerce.number().int().min(1).default(50),
  REALTIME_MAX_SUBSCRIPTIONS: z.coerce.number().int().min(1).default(100),
  /** Bytes waiting to be sent to one client; a client further behind is disconnected. */
  REALTIME_MAX_QUEUE_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(4 * 1024 * 1024),
  /**
   * One event read per subscription group in this many milliseconds under a stream of
   * changes (never two within half of it): a quiet collection's change goes out at once, a
   * burst is sent in batches (0: never wait).
   */
  REALTIME_BATCH_MS: z.coerce.number().int().min(0).max(1000).default(50),
  /** Seconds an SSE subscription stays open before it asks the client to reconnect; 0: no limit. */
  REALTIME_STREAM_MAX_SECONDS: z.coerce.number().int().min(0).optional(),
  /** pg_trgm indexes for the searchable text columns of large collections (see search-index). */
  SEARCH_INDEXES: z.enum(['auto', 'off']).default('auto'),
  READ_CACHE_MAX_ENTRIES: z.coerce.number().int().min(1).default(2000),
  READ_CACHE_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(64 * 1024 * 1024),
  /** Milliseconds any one SQL statement may run on PostgreSQL; 0: no limit. */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(30_000),
  /** Repeated statements prepared once per connection (off for poolers that can't keep them). */
  DB_PREPARED_STATEMENTS: boolOn,
  /** Pages whose plan does not depend on their values are planned once per connection. */
  DB_STABLE_PLANS: boolOn,
  MFA_FORCE_ENABLED: bool,
  STORAGE_IMPORT_ALLOWED_NETWORKS: z.string().optional(),
  /** Milliseconds a URL import may take, from the request to its last byte. */
  STORAGE_IMPORT_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  STORAGE_S3_BUCKET: z.string().optional(),
  STORAGE_S3_ENDPOINT: z.string().optional(),
  STORAGE_S3_REGION: z.string().default('us-east-1'),
  STORAGE_S3_KEY: z.string().optional(),
  STORAGE_S3_SECRET: z.string().optional(),
  STORAGE_S3_FORCE_PATH_STYLE: bool,
  FILES_MAX_UPLOAD_SIZE: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024 * 1024),
  UTILS_HASH_CONCURRENCY: z.coerce.number().int().positive().default(1),
  UTILS_HASH_QUEUE: z.coerce.number().int().nonnegative().default(32),
  EXTENSIONS_PATH: z.string().default('./extensions'),
  EXTENSION_ALLOWED_DOMAINS: z.string().optional(),
  EXTENSION_ENV_ALLOWLIST: z.string().optional(),
  EXTENSION_MEMORY_MB: z.coerce.number().int().min(8).default(64),
  EXTENSION_TIMEOUT_MS: z.coerce.number().int().positive().default(1000),
  EXTENSION_MAX_ISOLATES: z.coerce.number().int().positive().default(32),
  CRON_ENABLED: boolOn,
  SSO_SECRET: z.string().optional(),
  SSO_RATE_LIMIT_POINTS: z.coerce.number().int().positive().default(10),
  SSO_RATE_LIMIT_DURATION: z.coerce.number().int().positive().default(60),
  REDIS_URL: z.string().optional(),
  REDIS_PREFIX: z.string().default('daas:'),
  TRUST_PROXY: bool,
  /**
   * Origins that may frame the studio and the API (`frame-ancestors` sources, space separated);
   * unset or empty: none. Separators that would end the directive are refused.
   */
  CSP_FRAME_ANCESTORS: z
    .string()
    .regex(/^[^;,\r\n]*$/, 'space-separated sources, no ; or ,')
    .optional(),
  /**
   * Serverless hosting (Vercel sets VERCEL=1): no writable disk, no process that outlives a
   * request, so files go to S3, schedules come from outside, migrations run at deploy.
   */
  SERVERLESS: bool,
  VERCEL: z.string().optional(),
  /** Bearer token the scheduler (Vercel Cron) sends to `GET /api/server/cron`. */
  CRON_SECRET: z.string().optional(),
  /** Seconds a log stream stays open before it asks the client to reconnect; 0: no limit. */
  LOG_STREAM_MAX_SECONDS: z.coerce.number().int().min(0).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_BUFFER_SIZE: z.coerce.number().int().positive().default(1000),
  NODE_ENV: z.string().default('development'),
});

export type Config = z.infer<typeof envSchema>;

const KEYS = Object.keys(envSchema.shape) as (keyof Config)[];
let last: { key: string; config: Config } | null = null;

/**
 * Read on every call so tests and the migrate script can point the process at a different
 * database or data directory before the first connection is made. Parsed again only when
 * one of its variables changed: the request path calls this several times per request. A
 * production process never changes its environment, so there it is read once (every
 * `process.env` read is a call into the runtime).
 */
export function config(): Config {
  if (last?.config.NODE_ENV === 'production') return last.config;
  const key = KEYS.map((k) => process.env[k] ?? '\u0000').join('\u0001');
  if (last && last.key === key) return last.config;
  const parsed = envSchema
    .refine((env) => !env.DATABASE_READ_URL || env.DATABASE_URL, {
      path: ['DATABASE_READ_URL'],
      message: 'needs DATABASE_URL (a PostgreSQL server); the embedded database has no replicas',
    })
    .safeParse(process.env);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment: ${issues.join('; ')}`);
  }
  last = { key, config: parsed.data };
  return parsed.data;
}

/** Whether this process runs as a serverless function (SERVERLESS=true, or on Vercel). */
export function serverless(): boolean {
  const c = config();
  return c.SERVERLESS || Boolean(c.VERCEL);
}

export function publicUrl(): string {
  const c = config();
  return (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, '');
}

/** Parses durations such as `15m`, `7d`, `30s`, `500ms` into milliseconds. */
export function durationMs(value: string): number {
  const m = /^(\d+)(ms|s|m|h|d)?$/.exec(value.trim());
  if (!m) throw new Error(`Invalid duration "${value}"`);
  const n = Number(m[1]);
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[m[2] ?? 'ms']!;
  return n * unit;
}
