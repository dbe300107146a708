import 'server-only';
import type { Updateable } from 'kysely';
import type { SettingsTable } from '@/lib/core/tables';
import type { RequestContext } from '@/lib/core/context';
import { ForbiddenError } from '@/lib/core/errors';
import { invalidateSettings, loadSettings, type SettingsRow } from './cache';
import { PASSWORD_MASK, type GeneralPatch, type SettingsPatch } from './schema';

export type PublicSettings = Omit<SettingsRow, 'smtp_password'> & {
  smtp_password: typeof PASSWORD_MASK | null;
};

/**
 * The SMTP password is write-only. Reads keep the key so a form can tell "a password is
 * stored" (the mask) from "none is stored" (null) without the secret ever leaving the server.
 */
export function presentSettings(row: SettingsRow): PublicSettings {
  return { ...row, smtp_password: row.smtp_password ? PASSWORD_MASK : null };
}

const JSON_COLUMNS = [
  'cors_origins',
  'cors_methods',
  'cors_allowed_headers',
  'cors_expose_headers',
] as const;

function toColumns(patch: SettingsPatch): Updateable<SettingsTable> {
  const { cors_origins, cors_methods, cors_allowed_headers, cors_expose_headers, ...plain } = patch;
  const values: Updateable<SettingsTable> = { ...plain };
  const lists = { cors_origins, cors_methods, cors_allowed_headers, cors_expose_headers };
  for (const key of JSON_COLUMNS) {
    if (lists[key] !== undefined) values[key] = JSON.stringify(lists[key]);
  }
  // A form that read the masked value and saved it unchanged means "keep the password".
  if (values.smtp_password === PASSWORD_MASK) delete values.smtp_password;
  return values;
}

async function writeSettings(ctx: RequestContext, patch: SettingsPatch): Promise<SettingsRow> {
  const current = await loadSettings(ctx.db);
  const values = toColumns(patch);
  if (Object.keys(values).length) {
    await ctx.db.updateTable('daas_settings').set(values).where('id', '=', current.id).execute();
  }
  // CORS and mail read through the cache: clearing it makes the change apply to the next
  // request without a restart.
  invalidateSettings();
  return loadSettings(ctx.db);
}

export async function readSettings(_input: unknown, ctx: RequestContext): Promise<PublicSettings> {
  return presentSettings(await loadSettings(ctx.db));
}

export async function updateSettings(
  input: { body: SettingsPatch },
  ctx: RequestContext,
): Promise<PublicSettings> {
  return presentSettings(await writeSettings(ctx, input.body));
}

const GENERAL_FIELDS = ['activity_retention_days', 'project_name'] as const;
type GeneralField = (typeof GENERAL_FIELDS)[number];
export type GeneralSettings = Partial<Pick<SettingsRow, GeneralField>>;

/** The general fields the caller may read: all for admins, else those a read permission grants. */
async function readableGeneralFields(ctx: RequestContext): Promise<GeneralField[]> {
  const who = ctx.accountability;
  if (who.admin) return [...GENERAL_FIELDS];
  if (!who.policies.length) return [];
  const rows = await ctx.db
    .selectFrom('daas_permissions')
    .select('fields')
    .where('policy', 'in', who.policies)
    .where('collection', '=', 'daas_settings')
    .where('action', '=', 'read')
    .execute();
  const granted = new Set(
    rows.flatMap((r) => (Array.isArray(r.fields) ? (r.fields as unknown[]) : [])),
  );
  return GENERAL_FIELDS.filter((f) => granted.has('*') || granted.has(f));
}

function pickGeneral(row: SettingsRow, fields: readonly GeneralField[]): GeneralSettings {
  return Object.fromEntries(fields.map((f) => [f, row[f]])) as GeneralSettings;
}

export async function readGeneralSettings(
  _input: unknown,
  ctx: RequestContext,
): Promise<GeneralSettings> {
  const fields = await readableGeneralFields(ctx);
  if (!fields.length) throw new ForbiddenError();
  return pickGeneral(await loadSettings(ctx.db), fields);
}

export async function updateGeneralSettings(
  input: { body: GeneralPatch },
  ctx: RequestContext,
): Promise<GeneralSettings> {
  return pickGeneral(await writeSettings(ctx, input.body), GENERAL_FIELDS);
}
