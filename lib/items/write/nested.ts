import 'server-only';
import { InvalidPayloadError } from '@/lib/core/errors';
import type { M2MHop, O2MHop } from '../relations-path';
import { coerceValue } from './validate';
import { keysWhere, type Key, type Row } from './sql';
import type { CollectionOverview, SchemaOverview } from '@/lib/schema/overview';
import type { ItemsContext } from './context';
import { isRecord } from '@/lib/core/guards';

const DETAILED = new Set(['create', 'update', 'delete']);

/**
 * What nested writes need of the writer that called them. Declared here, not imported from
 * writer.ts, so the two files don't depend on each other: the writer passes itself in.
 */
export interface NestedWriter {
  readonly ctx: ItemsContext;
  readonly schema: SchemaOverview;
  collection(name: string): CollectionOverview & { primary: string };
  create(collection: string, data: unknown): Promise<Key>;
  update(collection: string, key: Key, data: unknown): Promise<Key>;
  updateMany(collection: string, keys: Key[], data: unknown): Promise<Key[]>;
  upsert(collection: string, data: Record<string, unknown>): Promise<Key>;
  remove(collection: string, keys: Key[]): Promise<Key[]>;
}

interface Side {
  writer: NestedWriter;
  hop: O2MHop | M2MHop;
  /** The value the children's foreign key holds for this parent. */
  parentRef: Key;
}

function invalid(hop: O2MHop | M2MHop, why: string): InstanceType<typeof InvalidPayloadError> {
  return new InvalidPayloadError(`Invalid value for relational field "${hop.field}": ${why}`);
}

async function childKey(side: Side, raw: unknown): Promise<Key> {
  const c = side.writer.collection(side.hop.related);
  return (await coerceValue(c.fields[c.primary], raw)) as Key;
}

/** A child given by key links it; an object with an existing key updates and links it; else creates it. */
async function saveChild(side: Side, item: unknown): Promise<Key> {
  const { writer, hop, parentRef } = side;
  if (typeof item === 'string' || typeof item === 'number') {
    return writer.update(hop.related, await childKey(side, item), {
      [hop.relatedField]: parentRef,
    });
  }
  if (!isRecord(item)) throw invalid(hop, 'expected keys or objects');
  return writer.upsert(hop.related, { ...item, [hop.relatedField]: parentRef });
}

/**
 * Children no longer listed: their foreign key is set to null, or they are deleted when the
 * relation says `one_deselect_action: 'delete'`. Junction rows whose foreign key may not be
 * null are deleted either way: a junction row without its parent means nothing.
 */
async function deselect(side: Side, keys: Key[]): Promise<void> {
  if (!keys.length) return;
  const { writer, hop } = side;
  const relation = writer.schema.relations.find(
    (r) => r.collection === hop.related && r.field === hop.relatedField,
  );
  const fk = writer.collection(hop.related).fields[hop.relatedField];
  const nullable = fk?.schema?.is_nullable ?? true;
  if (relation?.meta?.one_deselect_action === 'delete' || (hop.kind === 'm2m' && !nullable)) {
    await writer.remove(hop.related, keys);
    return;
  }
  if (!nullable) {
    throw invalid(hop, `field "${hop.relatedField}" of "${hop.related}" can't be emptied`);
  }
  for (const key of keys) await writer.updateMany(hop.related, [key], { [hop.relatedField]: null });
}

async function linkedKeys(side: Side): Promise<Key[]> {
  const c = side.writer.collection(side.hop.related);
  return keysWhere(side.writer.ctx.db, {
    table: side.hop.related,
    pk: c.primary,
    column: side.hop.relatedField,
    value: side.parentRef,
  });
}

async function replaceAll(side: Side, items: unknown[]): Promise<void> {
  const keep = new Set<string>();
  for (const item of items) keep.add(String(await saveChild(side, item)));
  const detached = (await linkedKeys(side)).filter((k) => !keep.has(String(k)));
  await deselect(side, detached);
}

async function detailed(side: Side, value: Record<string, unknown>): Promise<void> {
  const { writer, hop } = side;
  const list = (name: string): unknown[] => {
    const v = value[name] ?? [];
    if (!Array.isArray(v)) throw invalid(hop, `"${name}" must be an array`);
    return v;
  };
  for (const item of list('create')) {
    if (!isRecord(item)) throw invalid(hop, 'items to create must be objects');
    await writer.create(hop.related, { ...item, [hop.relatedField]: side.parentRef });
  }
  const c = writer.collection(hop.related);
  for (const item of list('update')) {
    if (!isRecord(item) || item[c.primary] === undefined) {
      throw invalid(hop, `items to update must be objects with "${c.primary}"`);
    }
    const { [c.primary]: raw, ...rest } = item;
    await writer.update(hop.related, await childKey(side, raw), {
      ...rest,
      [hop.relatedField]: side.parentRef,
    });
  }
  const linked = new Set((await linkedKeys(side)).map(String));
  const toDelete: Key[] = [];
  for (const raw of list('delete')) {
    const key = await childKey(side, raw);
    // Only this parent's children: a key from elsewhere is left alone.
    if (linked.has(String(key))) toDelete.push(key);
  }
  await deselect(side, toDelete);
}

/**
 * An o2m (or m2m, which is an o2m into its junction) value of a parent that now exists:
 * an array replaces the children, `{create, update, delete}` changes only those listed.
 * Junction rows are objects whose junction field is a key or a related object, which the
 * many-to-one handling of the junction's own write creates, updates or links.
 */
export async function writeRelated(
  writer: NestedWriter,
  input: { hop: O2MHop | M2MHop; parent: Row; value: unknown },
): Promise<void> {
  const { hop, value } = input;
  const side: Side = { writer, hop, parentRef: input.parent[hop.key] as Key };
  if (value === null || Array.isArray(value)) return replaceAll(side, value ?? []);
  if (isRecord(value) && Object.keys(value).every((k) => DETAILED.has(k))) {
    return detailed(side, value);
  }
  throw invalid(hop, 'expected an array or {create, update, delete}');
}
