import type { ItemDisplay } from '@/lib/client/items/display-template';

/**
 * The `fields` an item list asks for to show `columns`: a many-to-one column reads the
 * fields its collection's display template names (`author.name`, `author.email`) rather
 * than the bare key, an image column the file's key; fields the caller may not read are
 * left out, since asking for them would have the whole read refused.
 */
export function readPaths(input: {
  primaryKey: string;
  columns: readonly string[];
  /** Many-to-one fields of the collection and the collections they lead to. */
  relatedOf: ReadonlyMap<string, string>;
  displays: Readonly<Record<string, ItemDisplay>>;
  image: (path: string) => boolean;
  readable: (collection: string, field: string) => boolean;
}): string[] {
  const { primaryKey, columns, relatedOf, displays, image, readable } = input;
  const out = [primaryKey];
  for (const path of columns) {
    const target = relatedOf.get(path);
    const display = target ? displays[target] : undefined;
    if (!target || !display) {
      out.push(path);
      continue;
    }
    const wanted = image(path) ? [display.primaryKey] : display.fields;
    for (const f of wanted) {
      if (f === display.primaryKey || readable(target, f.split('.')[0])) out.push(`${path}.${f}`);
    }
  }
  return [...new Set(out)];
}
