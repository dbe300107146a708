import 'server-only';
import { AppError, FailedValidationError, fieldProblems } from '@/lib/core/errors';
import { coerceValue } from '@/lib/items/write/validate';
import type { CollectionOverview } from '@/lib/schema/overview';

type Row = Record<string, unknown>;

/** A refused row of an import file: its 1-based place among the items, and why. */
export interface RowProblem {
  row: number;
  field: string;
  message: string;
}

/** Enough to fix a file by; a file with more is listed only this far. */
const MAX_LISTED = 100;

async function problemsOf(collection: CollectionOverview, row: Row): Promise<RowProblem[]> {
  const out: Omit<RowProblem, 'row'>[] = [];
  for (const [name, value] of Object.entries(row)) {
    const field = Object.hasOwn(collection.fields, name) ? collection.fields[name] : undefined;
    if (!field) {
      out.push({ field: name, message: 'Is not a field of this collection' });
      continue;
    }
    // Hashing is the write's own work, aliases hold no data, and a nested object is an
    // item of another collection the write checks there.
    const nested = typeof value === 'object' && field.type !== 'json';
    if (field.type === 'hash' || !field.schema || value === null || nested) continue;
    try {
      await coerceValue(field, value);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      const [problem] = fieldProblems(err);
      out.push({ field: name, message: problem?.message ?? err.message });
    }
  }
  return out.map((p) => ({ ...p, row: 0 }));
}

/**
 * Checks every row of an import before anything is written, so a refused file says which
 * rows to fix, all of them (up to a hundred), not only the first. What only the database
 * can tell (a duplicate of a unique value) still stops the write at its first row.
 * Throws FAILED_VALIDATION with `extensions.rows`; writes nothing either way.
 */
export async function checkImportRows(collection: CollectionOverview, rows: Row[]): Promise<void> {
  const listed: RowProblem[] = [];
  let bad = 0;
  for (const [index, row] of rows.entries()) {
    const problems = await problemsOf(collection, row);
    if (!problems.length) continue;
    bad++;
    for (const p of problems) {
      if (listed.length < MAX_LISTED) listed.push({ ...p, row: index + 1 });
    }
  }
  if (!bad) return;
  const first = listed[0];
  throw new FailedValidationError(
    `${bad} of ${rows.length} rows are not valid (first: row ${first.row}, "${first.field}": ` +
      `${first.message}); nothing was imported`,
    {
      extensions: {
        field: first.field,
        type: 'invalid',
        rows: listed,
        invalid_rows: bad,
      },
    },
  );
}
