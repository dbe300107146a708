import 'server-only';
import { sql } from 'kysely';
import { WRITE_ONLY } from '@/lib/access/write-only';
import { InvalidQueryError } from '@/lib/core/errors';
import type { SchemaOverview } from '@/lib/schema/overview';
import { isDynamic, resolveDynamic } from '../dynamic-values';
import type { ItemsContext } from './context';

type Json = unknown;

/**
 * A permission's presets with their dynamic values filled in for this caller, as Directus
 * does: `$CURRENT_USER`, `$CURRENT_ROLE`, `$CURRENT_ROLES`, `$CURRENT_POLICIES`, `$NOW`,
 * `$NOW(<offset>)` and `$CURRENT_USER.<field>` (a field of the caller's own row), wherever
 * they stand in the preset's JSON. Any other string is kept as it is.
 */
export async function resolvePresets(
  presets: Record<string, Json>,
  ctx: ItemsContext,
  schema: SchemaOverview,
): Promise<Record<string, Json>> {
  if (!Object.keys(presets).length) return presets;
  const now = new Date();
  const userFields = new Map<string, Json>();
  const wanted = new Set<string>();
  collect(presets, wanted);
  for (const field of wanted) userFields.set(field, await userField(ctx, schema, field));
  const resolve = (value: Json): Json => {
    if (Array.isArray(value)) return value.map(resolve);
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(v)]));
    }
    if (!isDynamic(value)) return value;
    const found = resolveDynamic(value as string, ctx.accountability, now);
    if ('user' in found) return userFields.get(found.user) ?? null;
    return found.value instanceof Date ? found.value.toISOString() : found.value;
  };
  return resolve(presets) as Record<string, Json>;
}

/** The `<field>` names of every `$CURRENT_USER.<field>` in the presets. */
function collect(value: Json, into: Set<string>): void {
  if (Array.isArray(value)) for (const v of value) collect(v, into);
  else if (value && typeof value === 'object')
    for (const v of Object.values(value)) collect(v, into);
  else if (typeof value === 'string' && value.startsWith('$CURRENT_USER.') && isDynamic(value)) {
    into.add(value.slice('$CURRENT_USER.'.length));
  }
}

async function userField(ctx: ItemsContext, schema: SchemaOverview, field: string): Promise<Json> {
  const users = schema.collections.daas_users;
  const secret = WRITE_ONLY.daas_users?.includes(field);
  if (!users || !Object.hasOwn(users.fields, field) || secret) {
    throw new InvalidQueryError(`Dynamic value "$CURRENT_USER.${field.slice(0, 40)}" is unknown`);
  }
  const user = ctx.accountability.user;
  if (!user) return null;
  const { rows } = await sql<{
    v: Json;
  }>`select ${sql.id(field)} as v from daas_users where id = ${user}`.execute(ctx.db);
  return rows[0]?.v ?? null;
}
