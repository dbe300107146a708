/**
 * An item exactly as PostgreSQL built it, kept as JSON text. A list answered over HTTP
 * would otherwise parse every item only to serialise it again; the body is spliced from
 * the text instead. `toJSON` keeps every other use (the objects' serialiser, a hook
 * added later) correct, at the cost of the parse this avoids.
 */
export class JsonText {
  constructor(readonly text: string) {}

  toJSON(): unknown {
    return JSON.parse(this.text);
  }
}

function allText(items: unknown[]): items is JsonText[] {
  for (const item of items) if (!(item instanceof JsonText)) return false;
  return true;
}

/**
 * The response body of a read's result: `{data, meta}` with items kept as text spliced in
 * as they are, anything else as `JSON.stringify` writes it (`data` first, as there).
 */
export function bodyOf(value: unknown): string {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return JSON.stringify(value);
  }
  const { data, ...rest } = value as { data?: unknown };
  let items: string;
  if (data instanceof JsonText) items = data.text;
  else if (Array.isArray(data) && data.length && allText(data)) {
    items = `[${data.map((d) => d.text).join(',')}]`;
  } else return JSON.stringify(value);
  // `rest` as JSON.stringify writes it, which leaves out undefined members.
  const others = JSON.stringify(rest);
  return `{"data":${items}${others === '{}' ? '}' : `,${others.slice(1)}`}`;
}
