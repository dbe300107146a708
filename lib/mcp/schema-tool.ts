import 'server-only';
import { z } from 'zod';
import type { RequestContext } from '@/lib/core/context';
import { ForbiddenError, InvalidPayloadError } from '@/lib/core/errors';
import {
  createCollection,
  deleteCollection,
  listCollections,
  updateCollection,
} from '@/lib/schema/collections';
import { updateField } from '@/lib/schema/field-alter';
import { createField, deleteField, readAllFields, readCollectionFields } from '@/lib/schema/fields';
import {
  collectionCreate,
  collectionUpdate,
  fieldCreate,
  fieldUpdate,
} from '@/lib/schema/payloads';
import { createRelationBody, listRelations, updateRelationBody } from '@/lib/schema/relations';
import { createRelation, deleteRelation, updateRelation } from '@/lib/schema/relations-write';
import { DELETES_OFF, type ToolOptions } from './tools';

const READS = ['collections', 'fields', 'relations'] as const;
const WRITES = [
  'create_collection',
  'update_collection',
  'delete_collection',
  'create_field',
  'update_field',
  'delete_field',
  'create_relation',
  'update_relation',
  'delete_relation',
] as const;

export const schemaInput = {
  action: z.enum([...READS, ...WRITES]),
  collection: z.string().min(1).max(64).optional(),
  field: z.string().min(1).max(64).optional(),
  data: z.record(z.string(), z.unknown()).optional(),
};
type SchemaArgs = { [K in keyof typeof schemaInput]: z.infer<(typeof schemaInput)[K]> };

function named(args: SchemaArgs, key: 'collection' | 'field'): string {
  const value = args[key];
  if (!value) throw new InvalidPayloadError(`"${key}" is required`);
  return value;
}

/**
 * The `schema` tool: reads as /api/collections, /api/fields and /api/relations answer the
 * caller; writes (the conventions' "write for admins") through the same services as the
 * admin-only REST endpoints, with the same payload schemas, and refused (403) for anyone
 * who is not an administrator before any payload is looked at. Deletes, like the items
 * tool's, also need the setting mcp_allow_deletes.
 */
export async function schemaTool(args: SchemaArgs, ctx: RequestContext, options: ToolOptions) {
  if ((WRITES as readonly string[]).includes(args.action) && !ctx.accountability.admin) {
    throw new ForbiddenError();
  }
  if (args.action.startsWith('delete_') && !options.allowDeletes)
    throw new ForbiddenError(DELETES_OFF);
  const data = args.data ?? {};
  switch (args.action) {
    case 'collections':
      return { data: await listCollections({}, ctx) };
    case 'fields':
      return {
        data: args.collection
          ? await readCollectionFields({ params: { collection: args.collection } }, ctx)
          : await readAllFields({}, ctx),
      };
    case 'relations':
      return { data: await listRelations({}, ctx) };
    case 'create_collection':
      return { data: await createCollection({ body: collectionCreate.parse(data) }, ctx) };
    case 'update_collection': {
      const params = { name: named(args, 'collection') };
      return { data: await updateCollection({ params, body: collectionUpdate.parse(data) }, ctx) };
    }
    case 'delete_collection':
      await deleteCollection({ params: { name: named(args, 'collection') } }, ctx);
      return { deleted: true };
    case 'create_field': {
      const params = { collection: named(args, 'collection') };
      return { data: await createField({ params, body: fieldCreate.parse(data) }, ctx) };
    }
    case 'update_field': {
      const params = { collection: named(args, 'collection'), field: named(args, 'field') };
      return { data: await updateField({ params, body: fieldUpdate.parse(data) }, ctx) };
    }
    case 'delete_field':
      await deleteField(
        { params: { collection: named(args, 'collection'), field: named(args, 'field') } },
        ctx,
      );
      return { deleted: true };
    case 'create_relation':
      return { data: await createRelation({ body: createRelationBody.parse(data) }, ctx) };
    case 'update_relation': {
      const params = { collection: named(args, 'collection'), field: named(args, 'field') };
      return { data: await updateRelation({ params, body: updateRelationBody.parse(data) }, ctx) };
    }
    case 'delete_relation':
      await deleteRelation(
        { params: { collection: named(args, 'collection'), field: named(args, 'field') } },
        ctx,
      );
      return { deleted: true };
  }
}
