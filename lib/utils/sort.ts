import 'server-only';
import { sql } from 'kysely';
import { z } from 'zod';
import { allowsField, fieldCondition } from '@/lib/access/permissions';
import { emitter, itemEvents } from '@/lib/events/emitter';
import type { RequestContext } from '@/lib/core/context';
import { ForbiddenError, InvalidPayloadError, NotFoundError } from '@/lib/core/errors';
import { permissionOf } from '@/lib/items/access';
import { compileFilter } from '@/lib/items/filter';
import { writableCollection } from '@/lib/items/write/guard';

const key = z.union([z.string().min(1).max(255), z.number().int()]);
export const sortBody = z.object({ item: key, to: key }).strict();

/**
 * Moves `item` to the place of `to` in a collection's manual order (its `meta.sort_field`),
 * shifting the rows in between by one, as Directus' `POST /utils/sort/:collection` does.
 * Rows without a sort value are numbered by primary key first. Needs update permission on
 * the sort field, for every row of the collection.
 */
export async function sortItem(
  collection: string,
  input: z.infer<typeof sortBody>,
  ctx: RequestContext,
): Promise<void> {
  const schema = ctx.schema;
  const c = writableCollection(schema, collection);
  // Permission first: a collection the caller may not change tells nothing about itself.
  const permission = await permissionOf(ctx, schema, collection, 'update');
  const sortField = c.meta?.sort_field;
  if (!sortField || !Object.hasOwn(c.fields, sortField) || !c.fields[sortField].schema) {
    throw new InvalidPayloadError(`Collection "${collection}" has no sort field`);
  }
  if (permission && !allowsField(permission, sortField)) throw new ForbiddenError();
  // A move renumbers rows across the whole collection: a caller whose update permission
  // (or whose grant of the sort field, with several policies) covers only some rows may not.
  if (permission && (permission.filter || fieldCondition(permission, sortField))) {
    throw new ForbiddenError();
  }

  const t = sql.id(collection);
  const pk = sql.id(c.primary);
  const s = sql.id(sortField);
  // The two items must be rows the caller may update: a hidden one is as missing as an
  // unknown one.
  const reach = permission?.filter
    ? compileFilter(permission.filter, {
        schema,
        collection,
        alias: collection,
        accountability: ctx.accountability,
      })
    : sql`true`;
  await ctx.db.transaction().execute(async (trx) => {
    // Everyone else waits: two moves at once would interleave their shifts.
    await sql`lock table ${t} in share row exclusive mode`.execute(trx);
    const unnumbered = await sql<{ n: number }>`select count(*)::integer as n from ${t}
      where ${s} is null`.execute(trx);
    if (unnumbered.rows[0].n > 0) {
      await sql`update ${t} set ${s} = o.n from (
        select ${pk} as k, row_number() over (order by ${s} nulls last, ${pk}) as n from ${t}
      ) o where ${t}.${pk} = o.k`.execute(trx);
    }
    const at = async (k: unknown) => {
      const row = await sql<{
        v: number;
      }>`select ${s} as v from ${t} where ${pk}::text = ${String(k)} and ${reach}`.execute(trx);
      if (!row.rows.length) throw new NotFoundError(`Item "${String(k)}" not found`);
      return Number(row.rows[0].v);
    };
    const from = await at(input.item);
    const to = await at(input.to);
    if (from === to) return;
    const shift =
      from < to
        ? sql`${s} = ${s} - 1 where ${s} > ${from} and ${s} <= ${to}`
        : sql`${s} = ${s} + 1 where ${s} >= ${to} and ${s} < ${from}`;
    await sql`update ${t} set ${shift}`.execute(trx);
    await sql`update ${t} set ${s} = ${to} where ${pk}::text = ${String(input.item)}`.execute(trx);
  });
  emitter().emitAction(
    itemEvents(collection, 'sort'),
    { collection, keys: [input.item], payload: input },
    { schema, accountability: ctx.accountability, resourceUri: ctx.scope },
  );
}
