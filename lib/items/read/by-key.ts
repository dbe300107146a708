import 'server-only';
import { sql } from 'kysely';
import type { RequestContext } from '@/lib/core/context';
import { castValue } from '../filter/cast';
import type { Filter } from '../query';
import { filterSql, readContext, type ReadContext } from './context';
import type { ReadAccess } from './read-access';

/** A filter on the collection's primary key for `ids`, and those of them that can exist. */
export function keyFilter(
  rc: ReadContext,
  collection: string,
  ids: unknown[],
): { filter: Filter; valid: unknown[] } {
  const c = rc.schema.collections[collection];
  const pk = c.fields[c.primary as string];
  const valid: unknown[] = [];
  for (const id of ids) {
    try {
      valid.push(
        castValue(
          { name: pk.field, collection, type: pk.type, dataType: pk.schema?.data_type },
          id,
        ),
      );
    } catch {
      // A key that cannot exist (text for an integer key) is simply not found.
    }
  }
  return { filter: { [pk.field]: { _in: valid } }, valid };
}

/**
 * Of `fields` (each readable in the collection), those the caller may read on the stored
 * item `id`: a field granted only on some rows (several policies) is checked against the row.
 * For values read outside the plan, such as a version's stored delta.
 */
export async function fieldsReadableOn(
  input: { collection: string; id: unknown; fields: string[]; readAccess: ReadAccess | undefined },
  ctx: RequestContext,
): Promise<string[]> {
  const { collection, fields, readAccess } = input;
  const access = readAccess?.(collection);
  const narrowed = fields.filter((f) => access?.fieldFilter?.(f));
  if (!narrowed.length) return fields;
  const schema = ctx.schema;
  const rc = readContext({ schema, accountability: ctx.accountability, readAccess });
  const alias = rc.nextAlias();
  const { filter, valid } = keyFilter(rc, collection, [input.id]);
  if (!valid.length) return fields.filter((f) => !narrowed.includes(f));
  const checks = narrowed.map(
    (f, i) => sql`coalesce(${rc.fieldRows!(collection, f, alias)}, false) as ${sql.id(`c${i}`)}`,
  );
  const res = await sql<Record<string, boolean>>`select ${sql.join(checks)} from ${sql.id(
    collection,
  )} as ${sql.id(alias)} where ${filterSql(rc, filter, collection, alias, true)}`.execute(ctx.db);
  const row = res.rows[0];
  const denied = new Set(narrowed.filter((_, i) => !row?.[`c${i}`]));
  return fields.filter((f) => !denied.has(f));
}
