import 'server-only';
import { sql, type RawBuilder } from 'kysely';
import { actorOf } from '@/lib/core/accountability';
import { activitySource } from '@/lib/core/activity-source';
import { announcesItself } from '@/lib/db/write-notices';
import type { CollectionOverview, FieldOverview } from '@/lib/schema/overview';
import { audited } from './audit';
import type { ItemsContext } from './context';
import { insertStatement, type Row } from './sql';

type Writable = CollectionOverview & { primary: string };

/**
 * Column types whose value reads the same from `to_jsonb` in SQL as from the driver's row
 * parsed in JavaScript (what the transactional path writes into a revision), with the few
 * that need a nudge; any other type keeps the create on the transactional path.
 */
const SAME_IN_JSON = new Set([
  'smallint',
  'integer',
  'text',
  'character varying',
  'character',
  'boolean',
  'uuid',
  'json',
  'jsonb',
  'date',
  'timestamp without time zone',
  'time without time zone',
  'double precision',
  'real',
  'integer[]',
  'text[]',
  'character varying[]',
]);
const NUDGED = new Set(['timestamp with time zone', 'numeric', 'bigint']);

export function revisionsAlike(c: CollectionOverview): boolean {
  return Object.values(c.fields).every(
    (f) => !f.schema || SAME_IN_JSON.has(f.schema.data_type) || NUDGED.has(f.schema.data_type),
  );
}

/** The driver's form of a nudged column: ISO instants in UTC, numerics as text, big int8s as text. */
function nudged(f: FieldOverview): RawBuilder<unknown> | null {
  const col = sql`ins.${sql.id(f.field)}`;
  switch (f.schema?.data_type) {
    case 'timestamp with time zone':
      return sql`case when isfinite(${col}) then to_jsonb(to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) else to_jsonb(${col}::text) end`;
    case 'numeric':
      return sql`to_jsonb(${col}::text)`;
    case 'bigint':
      return sql`case when abs(${col}) <= 9007199254740991 then to_jsonb(${col}) else to_jsonb(${col}::text) end`;
    default:
      return null;
  }
}

/**
 * The insert, its activity and its revision as one statement, committed on its own: what
 * begin, insert, audit and commit do in four round trips. The revision's `data` is the whole
 * row and `delta` the columns sent, as the transactional path records them. The final select
 * names the table in `daas.announced` before the statement's triggers run, so the write is
 * announced by this service after the commit rather than by NOTIFY (see write-notices).
 * `echo`, a read over `ins`, is answered in the same row.
 */
export async function insertAudited(
  ctx: ItemsContext,
  c: Writable,
  values: Row,
  echo?: RawBuilder<{ item: unknown }>,
): Promise<{ row: Row; echo: unknown }> {
  const name = c.collection;
  const cols = Object.keys(values);
  const insert = insertStatement({ table: name, values });
  const announce = announcesItself()
    ? sql`, set_config('daas.announced', ${name}, true) as __announced`
    : sql``;
  // The item as a read would show it, read from the inserted row (`ins`): no second trip.
  const shown = echo ? sql`, (select rb.item from (${echo}) as rb limit 1) as __echo` : sql``;
  if (!audited(c)) {
    const { rows } =
      await sql<Row>`with ins as (${insert}) select ins.* ${announce} ${shown} from ins`.execute(
        ctx.db,
      );
    return strip(rows[0]);
  }
  const overrides = Object.values(c.fields).flatMap((f) => {
    const expr = nudged(f);
    return expr ? [sql`${f.field}::text`, expr] : [];
  });
  const data = overrides.length
    ? sql`to_jsonb(ins) || jsonb_build_object(${sql.join(overrides)})`
    : sql`to_jsonb(ins)`;
  const unsent = Object.values(c.fields)
    .filter((f) => f.schema && !cols.includes(f.field))
    .map((f) => f.field);
  const who = ctx.accountability;
  const source = activitySource(who, ctx.origin);
  const { rows } = await sql<Row>`with ins as (${insert}),
    entry as (
      select ins.${sql.id(c.primary)}::text as item, ${data} as data from ins
    ),
    logged as (
      insert into daas_activity (action, "user", ip, user_agent, origin, collection, item)
      select 'create', ${actorOf(who)}::uuid, ${source.ip}, ${source.user_agent}, ${source.origin}, ${name}, entry.item
      from entry
      returning id, item
    ),
    revised as (
      insert into daas_revisions (activity, collection, item, data, delta)
      select logged.id, ${name}, logged.item, entry.data, entry.data - ${unsent}::text[]
      from logged join entry on entry.item = logged.item
    )
    select ins.* ${announce} ${shown} from ins`.execute(ctx.db);
  return strip(rows[0]);
}

function strip(row: Row): { row: Row; echo: unknown } {
  const { __announced: _, __echo: echo, ...rest } = row;
  return { row: rest, echo };
}
