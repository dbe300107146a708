import type { Field } from '../collections/schema-types';

/** Fields in the order the editor shows them: meta.sort, then the server's order. */
export function orderedFields(fields: readonly Field[]): Field[] {
  return fields
    .map((f, i) => ({ f, i }))
    .sort((a, b) => {
      const sa = a.f.meta?.sort ?? Number.MAX_SAFE_INTEGER;
      const sb = b.f.meta?.sort ?? Number.MAX_SAFE_INTEGER;
      return sa - sb || a.i - b.i;
    })
    .map(({ f }) => f);
}

/** `list` with the item at `from` moved to `to`. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  if (from < 0 || from >= next.length || to < 0 || to >= next.length) return next;
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

/** The fields whose meta.sort must change so that `order` reads 1, 2, 3... */
export function sortChanges(order: readonly Field[]): { field: string; sort: number }[] {
  return order.flatMap((f, i) => (f.meta?.sort === i + 1 ? [] : [{ field: f.field, sort: i + 1 }]));
}
