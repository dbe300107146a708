/** A JSON value as the editor shows it; nothing stored is an empty editor. */
export function jsonText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return JSON.stringify(typeof value === 'string' ? safeParse(value) : value, null, 2);
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The editor's text as a value: empty is null, anything else must parse. */
export function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  if (!text.trim()) return { ok: true, value: null };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}
