import 'server-only';
import { actorOf, type Accountability } from '@/lib/core/accountability';
import type { CollectionOverview, FieldOverview } from '@/lib/schema/overview';
import type { Row } from './sql';

/**
 * Automatic values (Directus "specials"), applied by the server on every write path:
 * `date-created` / `user-created` on create, `date-updated` / `user-updated` on update,
 * where they win over whatever the payload says; `uuid` fills a primary key left empty on
 * create. As in Directus, an update does not touch the created values and a create leaves
 * the updated ones to their defaults.
 */

type Mode = 'create' | 'update';

/** System tables carry no field metadata rows: their automatic fields, as Directus has them. */
const SYSTEM_SPECIALS: Record<string, Record<string, string[]>> = {
  daas_files: {
    uploaded_by: ['user-created'],
    modified_by: ['user-updated'],
    modified_on: ['date-updated'],
  },
};

function specialsOf(c: CollectionOverview, field: FieldOverview): readonly string[] {
  return field.meta?.special ?? SYSTEM_SPECIALS[c.collection]?.[field.field] ?? [];
}

/** Now, written the way the column's type reads it. */
function nowFor(field: FieldOverview, now: Date): string {
  const iso = now.toISOString();
  if (field.type === 'date') return iso.slice(0, 10);
  if (field.type === 'time') return iso.slice(11, 19);
  // `timestamp without time zone` stores the wall clock it is given: UTC, as Directus does.
  if (field.type === 'dateTime') return iso.slice(0, 19).replace('T', ' ');
  return iso;
}

/** The payload's columns with the automatic values of `mode` set (a new object). */
export function withSpecials(input: {
  collection: CollectionOverview & { primary: string };
  columns: Row;
  mode: Mode;
  accountability: Accountability;
  now?: Date;
}): Row {
  const { collection: c, mode } = input;
  const out: Row = { ...input.columns };
  const now = input.now ?? new Date();
  const user = actorOf(input.accountability);
  for (const field of Object.values(c.fields)) {
    if (!field.schema) continue;
    for (const special of specialsOf(c, field)) {
      if (special === (mode === 'create' ? 'date-created' : 'date-updated')) {
        out[field.field] = nowFor(field, now);
      } else if (special === (mode === 'create' ? 'user-created' : 'user-updated')) {
        out[field.field] = user;
      } else if (special === 'uuid' && mode === 'create' && field.field === c.primary) {
        out[field.field] ??= crypto.randomUUID();
      }
    }
  }
  return out;
}
