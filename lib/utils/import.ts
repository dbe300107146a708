import 'server-only';
import { parse as parseCsv } from 'csv-parse/sync';
import type { RequestContext } from '@/lib/core/context';
import { InvalidPayloadError } from '@/lib/core/errors';
import { refuseHostile } from '@/lib/core/parse';
import { createMany } from '@/lib/items/write/service';
import type { CollectionOverview } from '@/lib/schema/overview';
import { permissionOf } from '@/lib/items/access';
import { writableCollection } from '@/lib/items/write/guard';
import { checkImportRows } from './import-check';

type Row = Record<string, unknown>;

const TEXTUAL = new Set(['string', 'text', 'uuid', 'hash', 'csv']);

/** CSV cells are text: empty means null outside text fields, and json cells hold JSON. */
function fromCsv(collection: CollectionOverview, rows: Row[]): Row[] {
  return rows.map((row) => {
    const out: Row = {};
    for (const [name, raw] of Object.entries(row)) {
      const field = Object.hasOwn(collection.fields, name) ? collection.fields[name] : undefined;
      const cell = String(raw);
      if (!field || TEXTUAL.has(field.type)) out[name] = cell;
      else if (cell === '') out[name] = null;
      else if (field.type === 'json') {
        try {
          out[name] = JSON.parse(cell);
        } catch {
          out[name] = cell;
        }
      } else out[name] = cell;
    }
    return out;
  });
}

export interface UploadedFile {
  type: string;
  text: string;
}

function items(file: UploadedFile, collection: CollectionOverview): Row[] {
  const isCsv = /csv/i.test(file.type) || (!/json/i.test(file.type) && !/^\s*[[{]/.test(file.text));
  if (isCsv) {
    try {
      return fromCsv(collection, parseCsv(file.text, { columns: true, skip_empty_lines: true }));
    } catch {
      throw new InvalidPayloadError('The CSV file could not be parsed');
    }
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(file.text);
  } catch {
    throw new InvalidPayloadError('The JSON file could not be parsed');
  }
  if (
    !Array.isArray(parsed) ||
    parsed.some((i) => !i || typeof i !== 'object' || Array.isArray(i))
  ) {
    throw new InvalidPayloadError('A JSON import is an array of objects, one per item');
  }
  return parsed as Row[];
}

/**
 * Creates every item of an uploaded JSON (array of objects) or CSV (header row) file in one
 * transaction, as POST /items would one by one: permissions, validation and hooks apply,
 * and one bad row leaves nothing imported.
 */
export async function importItems(
  input: { collection: string; file: UploadedFile; origin: string | null },
  ctx: RequestContext,
): Promise<void> {
  const schema = ctx.schema;
  const c = writableCollection(schema, input.collection);
  // Before the file is read: a collection the caller may not write tells nothing about
  // itself, not even that an empty file would import fine.
  await permissionOf(ctx, schema, input.collection, 'create');
  const rows = items(input.file, c);
  // As in a JSON body: PostgreSQL refuses NUL in text.
  refuseHostile(rows, 'payload');
  if (!rows.length) return;
  await checkImportRows(c, rows);
  await createMany(input.collection, rows, { ...ctx, origin: input.origin });
}
