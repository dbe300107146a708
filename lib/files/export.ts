import 'server-only';
import { Readable } from 'node:stream';
import { stringify as csvLine } from 'csv-stringify/sync';
import YAML from 'yaml';
import { z } from 'zod';
import type { RequestContext } from '@/lib/core/context';
import { InvalidPayloadError } from '@/lib/core/errors';
import { readAccessFor } from '@/lib/items/access';
import { parseQuery, type RawQuery } from '@/lib/items/parse';
import type { Query } from '@/lib/items/query';
import { readByQuery } from '@/lib/items/read/service';

import type { Item } from '@/lib/system/system-collection';
import { files } from './service';
import { settle, stage } from './upload';

const FORMATS = {
  csv: { type: 'text/csv', ext: 'csv' },
  json: { type: 'application/json', ext: 'json' },
  xml: { type: 'application/xml', ext: 'xml' },
  yaml: { type: 'application/yaml', ext: 'yaml' },
} as const;
type Format = keyof typeof FORMATS;

/** Rows read per statement while an export streams. */
export const EXPORT_BATCH = 1000;

export const exportBody = z
  .object({
    query: z.record(z.string(), z.unknown()).optional(),
    format: z.enum(['csv', 'json', 'xml', 'yaml']),
    file: z
      .object({ folder: z.uuid().nullable().optional(), title: z.string().max(255).optional() })
      .strict()
      .optional(),
  })
  .strict();

/**
 * The body's query object in the query-string form the parser takes. `limit` is left out:
 * an export reads in batches of its own, so the page-size caps of a single read don't apply;
 * the limit asked for (none or -1: every row) caps the export as a whole.
 */
function queryFrom(raw: Record<string, unknown> | undefined): { query: Query; cap: number } {
  const flat: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw ?? {})) {
    if (value === undefined || value === null || key === 'limit') continue;
    if (typeof value === 'string' || typeof value === 'number') flat[key] = String(value);
    else if (Array.isArray(value) && ['fields', 'sort', 'groupBy'].includes(key)) {
      flat[key] = value.map(String).join(',');
    } else flat[key] = JSON.stringify(value);
  }
  const limit = raw?.limit === undefined || raw.limit === null ? -1 : Number(raw.limit);
  if (!Number.isInteger(limit) || limit < -1) {
    throw new InvalidPayloadError('"query.limit" must be -1 or a whole number of rows');
  }
  return { query: parseQuery(flat as RawQuery), cap: limit === -1 ? Infinity : limit };
}

/** A spreadsheet would run a cell starting with these as a formula. */
const FORMULA = /^[=+\-@\t\r]/;

function cell(value: unknown): string {
  const text =
    value === null || value === undefined
      ? ''
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);
  return FORMULA.test(text) ? `'${text}` : text;
}

function xmlEscape(text: string): string {
  return text.replace(
    /[<>&"'\u0000-\u0008\u000b\u000c\u000e-\u001f]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? '',
  );
}

function xmlValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map((v) => `<value>${xmlValue(v)}</value>`).join('');
  if (typeof value === 'object') {
    return Object.entries(value as Item)
      .map(([k, v]) => `<field name="${xmlEscape(k)}">${xmlValue(v)}</field>`)
      .join('');
  }
  return xmlEscape(String(value));
}

/** Serialises batches of rows as they are read: the whole export is never held at once. */
async function* serialise(format: Format, batches: AsyncGenerator<Item[]>) {
  let first = true;
  let columns: string[] = [];
  if (format === 'json') yield '[';
  if (format === 'xml') yield '<?xml version="1.0" encoding="UTF-8"?>\n<data>';
  for await (const rows of batches) {
    for (const row of rows) {
      if (format === 'csv') {
        if (first) {
          columns = Object.keys(row);
          yield csvLine([columns]);
        }
        yield csvLine([columns.map((c) => cell(row[c]))]);
      } else if (format === 'json') yield `${first ? '' : ','}\n${JSON.stringify(row)}`;
      else if (format === 'yaml') yield YAML.stringify([row]);
      else yield `\n<item>${xmlValue(row)}</item>`;
      first = false;
    }
  }
  if (format === 'json') yield first ? ']' : '\n]';
  if (format === 'xml') yield '\n</data>\n';
  if (format === 'yaml' && first) yield '[]\n';
}

/**
 * POST /utils/export/:collection: the caller's readable rows (their fields, filters and
 * permissions, as a list read gives them) written into a new file of the library, which is
 * answered. Rows are read in batches and streamed to storage.
 */
export async function exportItems(
  input: { collection: string; body: z.infer<typeof exportBody> },
  ctx: RequestContext,
): Promise<Item | null> {
  const { collection, body } = input;
  const schema = ctx.schema;
  const readAccess = await readAccessFor(ctx, schema, collection);
  const { query, cap } = queryFrom(body.query);
  if (query.aggregate || query.groupBy) {
    throw new InvalidPayloadError('Exports write items: aggregate and groupBy are not taken');
  }
  const pk = schema.collections[collection]?.primary;
  const sort = query.sort?.length ? query.sort : pk ? [pk] : null;
  // The first batch runs before the file exists, so a bad query creates nothing.
  const firstBatch = await readByQuery(
    collection,
    {
      ...query,
      sort,
      limit: Math.min(EXPORT_BATCH, cap),
      offset: query.offset ?? 0,
      page: null,
      meta: null,
    },
    ctx,
    { readAccess },
  );
  async function* batches(): AsyncGenerator<Item[]> {
    let rows = firstBatch.data as Item[];
    let read = 0;
    for (;;) {
      yield rows;
      read += rows.length;
      if (rows.length < EXPORT_BATCH || read >= cap) return;
      const next = await readByQuery(
        collection,
        {
          ...query,
          sort,
          limit: Math.min(EXPORT_BATCH, cap - read),
          offset: (query.offset ?? 0) + read,
          page: null,
          meta: null,
        },
        ctx,
        { readAccess },
      );
      rows = next.data as Item[];
    }
  }
  const { type, ext } = FORMATS[body.format];
  const [id] = await files.insert(
    [
      {
        filename_download: `${collection}-export.${ext}`,
        title: body.file?.title ?? `${collection} export`,
        folder: body.file?.folder ?? null,
      },
    ],
    ctx,
  );
  try {
    const staged = await stage({
      stream: Readable.from(serialise(body.format, batches())),
      mimeType: type,
    });
    await settle(ctx, String(id), { ...staged, type });
  } catch (err) {
    await ctx.db.deleteFrom('daas_files').where('id', '=', String(id)).execute();
    throw err;
  }
  return (await files.shown([id], undefined, ctx))[0] ?? null;
}
