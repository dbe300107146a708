import { sql, type Kysely } from 'kysely';

/**
 * Runtime extensions, cron jobs, custom services, the MCP settings and the spent SSO
 * hand-off tokens, in the shapes of the conventions ("Runtime extensions, cron and
 * services", "MCP", "SSO hand-off").
 */
const statements = [
  // A redeemed hand-off token's id; the primary key makes a second (also a concurrent)
  // redemption fail. Rows are purged once their token would have expired anyway.
  `create table daas_sso_tokens (
    jti varchar(255) primary key,
    expires_at timestamptz not null
  )`,
  `alter table daas_extensions drop constraint if exists daas_extensions_type_check`,
  `alter table daas_extensions add constraint daas_extensions_type_check
    check (type in ('hook', 'endpoint', 'operation', 'service'))`,
  `alter table daas_extensions add constraint daas_extensions_name_check
    check (name ~ '^[a-z][a-z0-9-]*$')`,
  `alter table daas_extensions rename column code to source`,
  `alter table daas_extensions alter column enabled set default true`,
  `alter table daas_extensions add column run_as uuid references daas_users(id) on delete set null`,
  `alter table daas_extensions add column last_error text`,
  `alter table daas_cron drop column extension`,
  `alter table daas_cron rename column last_run to last_run_at`,
  `alter table daas_cron add column timezone varchar(64) not null default 'UTC'`,
  `alter table daas_cron add column operation uuid references daas_extensions(id) on delete set null`,
  `alter table daas_cron add column payload jsonb`,
  `alter table daas_cron add column last_status varchar(16)`,
  `alter table daas_cron add column last_error text`,
  `alter table daas_cron add column next_run_at timestamptz`,
  // One row per run (scheduled or triggered). The unique key is the last word on "once
  // across all instances": a scheduled time is run by one instance only.
  `create table daas_cron_runs (
    id uuid primary key default gen_random_uuid(),
    cron uuid not null references daas_cron(id) on delete cascade,
    trigger varchar(16) not null,
    scheduled_for timestamptz,
    started_at timestamptz not null default now(),
    finished_at timestamptz,
    status varchar(16) not null,
    error text,
    unique (cron, scheduled_for)
  )`,
  `create index daas_cron_runs_cron_started on daas_cron_runs (cron, started_at desc)`,
  `create table daas_services (
    id uuid primary key default gen_random_uuid(),
    name varchar(255) not null unique,
    extension uuid references daas_extensions(id) on delete set null,
    config jsonb,
    enabled boolean not null default true
  )`,
  `alter table daas_settings add column mcp_system_prompt_enabled boolean not null default false`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
