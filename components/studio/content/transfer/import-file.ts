import Papa from 'papaparse';

type Row = Record<string, unknown>;

/** An import file as read in the browser: its columns and rows, before any mapping. */
export interface ParsedFile {
  kind: 'csv' | 'json';
  columns: string[];
  rows: Row[];
}

/** Reads a CSV (header row first) or a JSON array of objects; throws a readable reason. */
export function parseImportFile(name: string, text: string): ParsedFile {
  const json = /\.json$/i.test(name) || /^\s*\[/.test(text);
  if (json) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new Error('json');
    }
    if (
      !Array.isArray(parsed) ||
      parsed.some((r) => !r || typeof r !== 'object' || Array.isArray(r))
    ) {
      throw new Error('json_shape');
    }
    const rows = parsed as Row[];
    const columns = [...new Set(rows.slice(0, 1000).flatMap((r) => Object.keys(r)))];
    return { kind: 'json', columns, rows };
  }
  const result = Papa.parse<Row>(text, { header: true, skipEmptyLines: true });
  if (result.errors.length && !result.data.length) throw new Error('csv');
  return { kind: 'csv', columns: result.meta.fields ?? [], rows: result.data };
}

/** Column → field (or null: left out). */
export type Mapping = Record<string, string | null>;

/** Each column mapped to the field of the same name, when there is one. */
export function defaultMapping(columns: string[], fields: string[]): Mapping {
  return Object.fromEntries(columns.map((c) => [c, fields.includes(c) ? c : null]));
}

/**
 * The file to send, with columns renamed to their fields and unmapped ones left out, in
 * the format it came in (a CSV stays CSV, so the server types its cells as it does).
 */
export function mappedFile(file: ParsedFile, mapping: Mapping): Blob {
  const pairs = file.columns.flatMap((c) => (mapping[c] ? [[c, mapping[c]] as const] : []));
  const rows = file.rows.map((r) => Object.fromEntries(pairs.map(([c, f]) => [f, r[c]])));
  if (file.kind === 'json') {
    // A JSON row without a column keeps it absent, not null.
    const sparse = file.rows.map((r) =>
      Object.fromEntries(pairs.filter(([c]) => Object.hasOwn(r, c)).map(([c, f]) => [f, r[c]])),
    );
    return new Blob([JSON.stringify(sparse)], { type: 'application/json' });
  }
  const csv = Papa.unparse(rows, { columns: pairs.map(([, f]) => f) });
  return new Blob([csv], { type: 'text/csv' });
}
