import { InvalidPayloadError } from '@/lib/core/errors';
import { canonicalJson, isSystemName, schemaHash, VENDOR } from './snapshot';
import type {
  DiffEntry,
  DiffResult,
  Json,
  Snapshot,
  SnapshotCollection,
  SnapshotField,
  SnapshotRelation,
} from './types';
import { normalizeCollections, normalizeFields, normalizeRelations } from './normalize';
import { isRecord } from '@/lib/core/guards';

export type DiffMode = 'merge' | 'mirror';

export interface IncomingSnapshot {
  version: number;
  vendor: unknown;
  collections: SnapshotCollection[];
  fields: SnapshotField[];
  relations: SnapshotRelation[];
}

const SCOPE_TABLE = 'daas_scope_items';

function same(a: unknown, b: unknown): boolean {
  return canonicalJson(a) === canonicalJson(b);
}

/**
 * Deep-diff entries from `lhs` (current) to `rhs` (snapshot). A key the snapshot leaves out
 * is no change; arrays compare as whole values.
 */
export function deepDiff(lhs: unknown, rhs: unknown, path: (string | number)[] = []): DiffEntry[] {
  if (rhs === undefined) return [];
  if (isRecord(lhs) && isRecord(rhs)) {
    return Object.keys(rhs).flatMap((key) => {
      if (rhs[key] === undefined) return [];
      if (lhs[key] === undefined)
        return [{ kind: 'N' as const, path: [...path, key], rhs: rhs[key] as Json }];
      return deepDiff(lhs[key], rhs[key], [...path, key]);
    });
  }
  if (same(lhs, rhs)) return [];
  return [{ kind: 'E', path, lhs: (lhs ?? null) as Json, rhs: rhs as Json }];
}

/** Item changes; metadata missing from the snapshot (null or absent) is no change. */
function itemDiff<T extends { meta: unknown }>(current: T, incoming: T): DiffEntry[] {
  const rhs = incoming.meta == null ? { ...incoming, meta: undefined } : incoming;
  return deepDiff(current, rhs);
}

/** Checks the body of a diff request and reads the snapshot out of it. */
export function readSnapshotBody(body: unknown): Record<string, unknown> {
  if (!isRecord(body)) throw new InvalidPayloadError('The snapshot must be a JSON object');
  const inner = isRecord(body.snapshot) ? body.snapshot : isRecord(body.data) ? body.data : body;
  return inner;
}

export function isLegacy(s: Record<string, unknown>): boolean {
  const modern = ['collections', 'fields', 'relations'].some((k) => s[k] !== undefined);
  const legacy = ['tables', 'columns', 'foreign_keys'].some((k) => s[k] !== undefined);
  return legacy && !modern;
}

export function readIncoming(s: Record<string, unknown>, force: boolean): IncomingSnapshot {
  for (const key of ['collections', 'fields', 'relations']) {
    if (!Array.isArray(s[key])) throw new InvalidPayloadError(`"${key}" must be an array`);
  }
  // "otherwise the snapshot vendor must be the connected engine's value": a snapshot that
  // names no vendor can't show that it does, so it too needs force=true.
  if (!force && s.vendor === undefined) {
    throw new InvalidPayloadError(
      `The snapshot names no "vendor"; this database is "${VENDOR}". Pass force=true to diff anyway`,
    );
  }
  if (!force && s.vendor !== VENDOR) {
    throw new InvalidPayloadError(
      `The snapshot was taken from a "${String(s.vendor)}" database, but this one is "${VENDOR}"; pass force=true to diff anyway`,
    );
  }
  return {
    version: s.version === 2 ? 2 : 1,
    vendor: s.vendor,
    collections: normalizeCollections(s.collections as unknown[]),
    fields: normalizeFields(s.fields as unknown[]),
    relations: normalizeRelations(s.relations as unknown[]),
  };
}

function isScopeField(f: SnapshotField): boolean {
  return f.schema?.foreign_key_table === SCOPE_TABLE;
}

export function diffSnapshots(
  current: Snapshot,
  incoming: IncomingSnapshot,
  options: { mode: DiffMode; views: Set<string> },
): DiffResult {
  const mirror = options.mode === 'mirror';
  const scoped = incoming.version === 2;
  const skip = (collection: string) => isSystemName(collection) || options.views.has(collection);
  const inSnapshot = new Set(incoming.collections.map((c) => c.collection));
  // Deletions reach only collections the snapshot speaks for.
  const deletable = (collection: string) => mirror && (!scoped || inSnapshot.has(collection));

  const collections: DiffResult['collections'] = [];
  const currentCollections = new Map(current.collections.map((c) => [c.collection, c]));
  for (const c of incoming.collections) {
    if (skip(c.collection)) continue;
    const now = currentCollections.get(c.collection);
    const diff = now ? itemDiff(now, c) : [{ kind: 'N' as const, rhs: c as unknown as Json }];
    if (diff.length) collections.push({ collection: c.collection, diff });
  }
  if (mirror && !scoped) {
    for (const c of current.collections) {
      if (!inSnapshot.has(c.collection)) {
        collections.push({
          collection: c.collection,
          diff: [{ kind: 'D', lhs: c as unknown as Json }],
        });
      }
    }
  }

  const fields: DiffResult['fields'] = [];
  const fieldKey = (f: { collection: string; field: string }) => `${f.collection}.${f.field}`;
  const currentFields = new Map(current.fields.map((f) => [fieldKey(f), f]));
  const incomingFields = new Set(incoming.fields.map(fieldKey));
  for (const f of incoming.fields) {
    if (skip(f.collection)) continue;
    const now = currentFields.get(fieldKey(f));
    const diff = now ? itemDiff(now, f) : [{ kind: 'N' as const, rhs: f as unknown as Json }];
    if (diff.length) fields.push({ collection: f.collection, field: f.field, diff });
  }
  for (const f of current.fields) {
    if (incomingFields.has(fieldKey(f)) || !deletable(f.collection) || isScopeField(f)) continue;
    fields.push({
      collection: f.collection,
      field: f.field,
      diff: [{ kind: 'D', lhs: f as unknown as Json }],
    });
  }

  const relations: DiffResult['relations'] = [];
  const currentRelations = new Map(current.relations.map((r) => [fieldKey(r), r]));
  const incomingRelations = new Set(incoming.relations.map(fieldKey));
  const entry = (r: SnapshotRelation, diff: DiffEntry[]) => ({
    collection: r.collection,
    field: r.field,
    related_collection: r.related_collection,
    diff,
  });
  for (const r of incoming.relations) {
    if (skip(r.collection)) continue;
    const now = currentRelations.get(fieldKey(r));
    const diff = now ? itemDiff(now, r) : [{ kind: 'N' as const, rhs: r as unknown as Json }];
    if (diff.length) relations.push(entry(r, diff));
  }
  for (const r of current.relations) {
    if (incomingRelations.has(fieldKey(r)) || !deletable(r.collection)) continue;
    if (r.related_collection === SCOPE_TABLE) continue;
    relations.push(entry(r, [{ kind: 'D', lhs: r as unknown as Json }]));
  }

  return { hash: schemaHash(current), collections, fields, relations };
}
