import 'server-only';
import { forgetFieldGrants } from '@/lib/access/grants';
import type { Db } from '@/lib/db/client';
import { fieldError, InvalidPayloadError, type FieldProblem } from '@/lib/core/errors';
import { assertIdentifier } from './identifiers';
import type { CollectionOverview, FieldOverview, SchemaOverview } from './overview';
import type { ReferentialAction } from './relation-ddl';
import { findCollection, type RelationMetaInput } from './relations';

/** Where in the relation payload a name came from: the field at fault when it is refused. */
export type PayloadKey = Pick<FieldProblem, 'field' | 'path'>;

export function collectionOf(
  schema: SchemaOverview,
  name: string,
  at: PayloadKey,
): CollectionOverview {
  const c = findCollection(schema, name);
  if (!c) {
    throw fieldError(InvalidPayloadError, `Collection "${name}" doesn't exist`, {
      ...at,
      type: 'not_found',
      message: "Doesn't exist",
    });
  }
  return c;
}

export function fieldOf(c: CollectionOverview, name: string, at: PayloadKey): FieldOverview {
  if (!Object.hasOwn(c.fields, name)) {
    throw fieldError(
      InvalidPayloadError,
      `Field "${name}" doesn't exist in collection "${c.collection}"`,
      { ...at, type: 'not_found', message: `Doesn't exist in collection "${c.collection}"` },
    );
  }
  return c.fields[name];
}

export function assertUserCollection(c: CollectionOverview): void {
  if (c.system) {
    throw new InvalidPayloadError(
      `Relations of system collection "${c.collection}" are managed by the service and can't be changed`,
    );
  }
}

export function assertSetNullAllowed(
  field: FieldOverview,
  action: ReferentialAction,
  which: string,
) {
  if (action === 'SET NULL' && field.schema && !field.schema.is_nullable) {
    throw new InvalidPayloadError(
      `${which} "SET NULL" needs field "${field.field}" in collection "${field.collection}" to be nullable`,
    );
  }
}

export interface MetaRow {
  one_field?: string | null;
  one_collection_field?: string | null;
  one_allowed_collections?: string | null;
  junction_field?: string | null;
  sort_field?: string | null;
  one_deselect_action?: string;
}

/** Checks the meta keys against the schema and turns them into column values. */
export function metaValues(input: {
  meta: RelationMetaInput;
  schema: SchemaOverview;
  many: CollectionOverview;
  field: string;
  related: CollectionOverview | null;
}): MetaRow {
  const { meta, schema, many, field, related } = input;
  const out: MetaRow = {};
  if (meta.one_field !== undefined) {
    if (meta.one_field !== null) {
      if (!related) {
        throw new InvalidPayloadError('"meta.one_field" needs a "related_collection"');
      }
      assertIdentifier(meta.one_field, 'field');
      const existing = related.fields[meta.one_field];
      if (Object.hasOwn(related.fields, meta.one_field) && existing.schema) {
        throw fieldError(
          InvalidPayloadError,
          `Field "${meta.one_field}" already exists in collection "${related.collection}" as a column; choose another name for the alias field`,
          {
            field: 'meta',
            path: ['meta', 'one_field'],
            type: 'unique',
            message: `Already exists in collection "${related.collection}" as a column`,
          },
        );
      }
    }
    out.one_field = meta.one_field;
  }
  for (const key of ['junction_field', 'sort_field', 'one_collection_field'] as const) {
    const value = meta[key];
    if (value === undefined) continue;
    if (value !== null) {
      fieldOf(many, value, { field: 'meta', path: ['meta', key] });
      if (value === field) {
        throw fieldError(
          InvalidPayloadError,
          `"meta.${key}" can't be the relation's own field "${field}"`,
          {
            field: 'meta',
            path: ['meta', key],
            type: 'invalid',
            message: "Can't be the relation's own field",
          },
        );
      }
    }
    out[key] = value;
  }
  if (meta.one_allowed_collections !== undefined) {
    for (const [i, name] of (meta.one_allowed_collections ?? []).entries()) {
      collectionOf(schema, name, { field: 'meta', path: ['meta', 'one_allowed_collections', i] });
    }
    out.one_allowed_collections =
      meta.one_allowed_collections === null ? null : JSON.stringify(meta.one_allowed_collections);
  }
  if (meta.one_deselect_action !== undefined) out.one_deselect_action = meta.one_deselect_action;
  return out;
}

/** The alias field on the "one" side: o2m, or m2m when the relation is one half of a junction. */
export async function ensureAlias(
  db: Db,
  related: string,
  oneField: string,
  junction: boolean,
): Promise<void> {
  await db
    .insertInto('daas_fields')
    .values({
      collection: related,
      field: oneField,
      special: JSON.stringify([junction ? 'm2m' : 'o2m']),
      interface: junction ? 'list-m2m' : 'list-o2m',
    })
    .onConflict((oc) => oc.columns(['collection', 'field']).doNothing())
    .execute();
}

/** Removes an alias field's metadata (never a real column's). */
export async function dropAlias(db: Db, schema: SchemaOverview, collection: string, field: string) {
  const c = findCollection(schema, collection);
  if (!c || !Object.hasOwn(c.fields, field) || c.fields[field].schema) return;
  await db
    .deleteFrom('daas_fields')
    .where('collection', '=', collection)
    .where('field', '=', field)
    .execute();
  await forgetFieldGrants(db, collection, [field]);
}

/**
 * The meta of a many-to-any relation: no foreign key (the field holds keys of several
 * collections), so the allowed collections and the field naming one are required.
 */
export function anyMetaValues(input: {
  meta: RelationMetaInput | null;
  schema: SchemaOverview;
  many: CollectionOverview;
  field: string;
  source: FieldOverview;
}): MetaRow {
  const { meta, many, field, source } = input;
  if (!meta?.one_allowed_collections?.length || !meta.one_collection_field) {
    throw new InvalidPayloadError(
      'A relation without "related_collection" is a many-to-any: "meta.one_allowed_collections" and "meta.one_collection_field" are required',
    );
  }
  if (meta.one_field) {
    throw new InvalidPayloadError('"meta.one_field" needs a "related_collection"');
  }
  if (!source.schema || !many.schema) {
    throw new InvalidPayloadError(
      `Field "${field}" in collection "${many.collection}" has no column, so it can't hold a key`,
    );
  }
  for (const [i, name] of meta.one_allowed_collections.entries()) {
    const c = collectionOf(input.schema, name, {
      field: 'meta',
      path: ['meta', 'one_allowed_collections', i],
    });
    if (!c.schema || !c.primary) {
      throw new InvalidPayloadError(`Collection "${name}" has no primary key to reference`);
    }
  }
  const collectionField = fieldOf(many, meta.one_collection_field, {
    field: 'meta',
    path: ['meta', 'one_collection_field'],
  });
  if (!collectionField.schema) {
    throw new InvalidPayloadError(
      `Field "${collectionField.field}" in collection "${many.collection}" has no column to hold a collection name`,
    );
  }
  return metaValues({ meta, schema: input.schema, many, field, related: null });
}
