import 'server-only';
import { invalidatePermissionsCache } from '@/lib/access/permissions';
import type { RequestContext } from '@/lib/core/context';
import { watchTables } from '@/lib/db/write-notices';
import { ConflictError, fieldError, InvalidPayloadError, NotFoundError } from '@/lib/core/errors';
import {
  invalidateSchema,
  reloadSchema,
  type RelationOverview,
  type SchemaOverview,
} from './overview';
import {
  addForeignKey,
  dropConstraint,
  foreignKeyName,
  typesCompatible,
  type ReferentialAction,
} from './relation-ddl';
import {
  anyMetaValues,
  assertSetNullAllowed,
  assertUserCollection,
  collectionOf,
  dropAlias,
  ensureAlias,
  fieldOf,
  metaValues,
} from './relation-meta';
import {
  findCollection,
  findRelation,
  type CreateRelationBody,
  type UpdateRelationBody,
} from './relations';
import { tablesReachedFrom } from './watch-reads';

async function reread(ctx: RequestContext, collection: string, field: string) {
  invalidateSchema();
  const { schema } = await reloadSchema(ctx);
  const relation = findRelation(schema, collection, field);
  if (!relation) throw new Error(`relation ${collection}.${field} vanished after its change`);
  // A relation widens what a read of its collection reaches: watch that before any read.
  await watchTables(ctx.db, tablesReachedFrom(schema, [collection]));
  return relation;
}

export async function createRelation(
  input: { body: CreateRelationBody },
  ctx: RequestContext,
): Promise<RelationOverview> {
  const { collection, field, related_collection: relatedName, meta = null } = input.body;
  const schema = ctx.schema;
  const many = collectionOf(schema, collection, { field: 'collection' });
  assertUserCollection(many);
  const source = fieldOf(many, field, { field: 'field' });
  if (findRelation(schema, collection, field)) {
    throw fieldError(
      ConflictError,
      `Field "${field}" in collection "${collection}" already has a relation`,
      { field: 'field', type: 'unique', message: 'Already has a relation' },
    );
  }
  if (relatedName === null) {
    const values = anyMetaValues({ meta, schema, many, field, source });
    await ctx.db
      .insertInto('daas_relations')
      .values({ ...values, many_collection: collection, many_field: field, one_collection: null })
      .execute();
    return reread(ctx, collection, field);
  }
  const related = collectionOf(schema, relatedName, { field: 'related_collection' });
  const values = meta ? metaValues({ meta, schema, many, field, related }) : {};

  if (!source.schema || !many.schema) {
    throw fieldError(
      InvalidPayloadError,
      `Field "${field}" in collection "${collection}" has no column, so it can't hold a foreign key`,
      { field: 'field', type: 'invalid', message: "Has no column, so it can't hold a foreign key" },
    );
  }
  if (many.type === 'view' || related.type === 'view' || !related.schema) {
    const which = many.type === 'view' ? collection : related.collection;
    throw fieldError(
      InvalidPayloadError,
      `Collection "${which}" is not a table; a foreign key needs a table on both ends`,
      {
        field: many.type === 'view' ? 'collection' : 'related_collection',
        type: 'invalid',
        message: 'Is not a table',
      },
    );
  }
  const pk = related.primary ? related.fields[related.primary] : null;
  if (!pk?.schema) {
    throw fieldError(
      InvalidPayloadError,
      `Collection "${related.collection}" has no primary key to reference`,
      { field: 'related_collection', type: 'invalid', message: 'Has no primary key to reference' },
    );
  }
  if (!typesCompatible(source.schema.data_type, pk.schema.data_type)) {
    throw fieldError(
      InvalidPayloadError,
      `Field "${field}" in collection "${collection}" is ${source.schema.data_type} but the primary key "${pk.field}" of "${related.collection}" is ${pk.schema.data_type}; the types must match`,
      {
        field: 'field',
        type: 'invalid_type',
        message: `Is ${source.schema.data_type}; the primary key of "${related.collection}" is ${pk.schema.data_type}`,
      },
    );
  }
  const onDelete =
    input.body.schema?.on_delete ?? (source.schema.is_nullable ? 'SET NULL' : 'NO ACTION');
  const onUpdate = input.body.schema?.on_update ?? 'NO ACTION';
  assertSetNullAllowed(source, onDelete, 'on_delete');
  assertSetNullAllowed(source, onUpdate, 'on_update');
  const fk = {
    table: collection,
    column: field,
    constraint: foreignKeyName(collection, field),
    foreignTable: related.collection,
    foreignColumn: pk.field,
    onDelete,
    onUpdate,
  };

  await ctx.db.transaction().execute(async (trx) => {
    await addForeignKey(trx, fk);
    await trx
      .insertInto('daas_relations')
      .values({
        ...values,
        many_collection: collection,
        many_field: field,
        one_collection: relatedName,
      })
      .execute();
    if (values.one_field) {
      await ensureAlias(trx, related.collection, values.one_field, Boolean(values.junction_field));
    }
  });
  return reread(ctx, collection, field);
}

function existingRelation(schema: SchemaOverview, collection: string, field: string) {
  const relation = findRelation(schema, collection, field);
  if (!relation) {
    throw new NotFoundError(`Field "${field}" in collection "${collection}" has no relation`);
  }
  const many = findCollection(schema, collection)!;
  assertUserCollection(many);
  return { relation, many };
}

export async function updateRelation(
  input: { params: { collection: string; field: string }; body: UpdateRelationBody },
  ctx: RequestContext,
): Promise<RelationOverview> {
  const { collection, field } = input.params;
  const { body } = input;
  const schema = ctx.schema;
  const { relation, many } = existingRelation(schema, collection, field);
  if ((body.collection ?? collection) !== collection || (body.field ?? field) !== field) {
    throw new InvalidPayloadError('"collection" and "field" of a relation can\'t be changed');
  }
  if (
    body.related_collection !== undefined &&
    body.related_collection !== relation.related_collection
  ) {
    throw new InvalidPayloadError(
      '"related_collection" can\'t be changed; delete the relation and create it again',
    );
  }
  const related = relation.related_collection
    ? findCollection(schema, relation.related_collection)
    : null;
  const values = body.meta ? metaValues({ meta: body.meta, schema, many, field, related }) : {};

  const fkSchema = relation.schema;
  const rules =
    body.schema && fkSchema
      ? {
          onDelete: (body.schema.on_delete ?? fkSchema.on_delete) as ReferentialAction,
          onUpdate: (body.schema.on_update ?? fkSchema.on_update) as ReferentialAction,
        }
      : null;
  if (rules) {
    assertSetNullAllowed(many.fields[field], rules.onDelete, 'on_delete');
    assertSetNullAllowed(many.fields[field], rules.onUpdate, 'on_update');
  }
  const oldOneField = relation.meta?.one_field ?? null;

  await ctx.db.transaction().execute(async (trx) => {
    if (rules && fkSchema) {
      await dropConstraint(trx, collection, fkSchema.constraint_name);
      await addForeignKey(trx, {
        table: collection,
        column: field,
        constraint: fkSchema.constraint_name,
        foreignTable: fkSchema.foreign_key_table,
        foreignColumn: fkSchema.foreign_key_column,
        ...rules,
      });
    }
    if (body.meta) {
      if (relation.meta) {
        if (Object.keys(values).length) {
          await trx
            .updateTable('daas_relations')
            .set(values)
            .where('id', '=', relation.meta.id)
            .execute();
        }
      } else {
        await trx
          .insertInto('daas_relations')
          .values({
            ...values,
            many_collection: collection,
            many_field: field,
            one_collection: relation.related_collection,
          })
          .execute();
      }
      const oneField = values.one_field === undefined ? oldOneField : values.one_field;
      if (oldOneField && oneField !== oldOneField && related) {
        await dropAlias(trx, schema, related.collection, oldOneField);
      }
      if (oneField && related) {
        const junction = values.junction_field ?? relation.meta?.junction_field ?? null;
        await ensureAlias(trx, related.collection, oneField, Boolean(junction));
      }
    }
  });
  // A dropped alias field took its grants with it.
  if (oldOneField) invalidatePermissionsCache();
  return reread(ctx, collection, field);
}

export async function deleteRelation(
  input: { params: { collection: string; field: string } },
  ctx: RequestContext,
): Promise<void> {
  const { collection, field } = input.params;
  const schema = ctx.schema;
  const { relation } = existingRelation(schema, collection, field);
  await ctx.db.transaction().execute(async (trx) => {
    if (relation.schema) await dropConstraint(trx, collection, relation.schema.constraint_name);
    await trx
      .deleteFrom('daas_relations')
      .where('many_collection', '=', collection)
      .where('many_field', '=', field)
      .execute();
    const oneField = relation.meta?.one_field;
    if (oneField && relation.related_collection) {
      await dropAlias(trx, schema, relation.related_collection, oneField);
    }
  });
  invalidateSchema();
  if (relation.meta?.one_field) invalidatePermissionsCache();
}
