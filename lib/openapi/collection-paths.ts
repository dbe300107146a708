import type { PermissionAction, Permissions } from '@/lib/access/permissions';
import type { CollectionOverview, SchemaOverview } from '@/lib/schema/overview';
import {
  componentName,
  itemRef,
  relationIndex,
  relationalSchema,
  scalarSchema,
  type RelationIndex,
  type JsonSchema,
} from './field-schema';

type Operation = { [key: string]: unknown };
export type PathItem = Partial<Record<'get' | 'post' | 'patch' | 'delete', Operation>>;

export interface CollectionSpec {
  paths: Record<string, PathItem>;
  schemas: Record<string, JsonSchema>;
  tags: { name: string; description?: string }[];
}

const SECURITY = [{ bearerAuth: [] }, { sessionCookie: [] }, {}];

/** The fields an action grants on a collection, or null when the action is not granted. */
export function grantedFields(
  permissions: Permissions,
  collection: CollectionOverview,
  action: PermissionAction,
): string[] | null {
  const all = Object.keys(collection.fields);
  if (permissions.admin) return all;
  const granted = permissions.get(collection.collection, action);
  if (!granted) return null;
  return granted.fields === '*' ? all : all.filter((f) => (granted.fields as Set<string>).has(f));
}

function json(schema: JsonSchema): Operation {
  return { 'application/json': { schema } };
}

/** The item endpoints answer errors in the simple shape (with the fields at fault as data). */
function errors(): Record<string, Operation> {
  const error = { $ref: '#/components/schemas/SimpleError' };
  return {
    '400': { description: 'Invalid input', content: json(error) },
    '401': { description: 'Not authenticated', content: json(error) },
    '403': { description: 'Forbidden', content: json(error) },
  };
}

function queryParams(name: string, fields: string[], many: boolean): Operation[] {
  const first = fields.find((f) => f !== 'id') ?? fields[0] ?? 'id';
  const param = (n: string, description: string, schema: JsonSchema, example?: unknown) => ({
    name: n,
    in: 'query',
    required: false,
    description,
    schema,
    ...(example === undefined ? {} : { example }),
  });
  const list = [
    param(
      'fields',
      `Fields to return, comma separated; dot notation for relations. Available: ${fields.join(', ')}.`,
      { type: 'string' },
      fields.slice(0, 3).join(','),
    ),
  ];
  if (!many) return list;
  return [
    ...list,
    param('filter', 'Filter rules as JSON.', { type: 'string' }, `{"${first}":{"_eq":"value"}}`),
    param(
      'sort',
      'Fields to sort by; a leading minus sorts descending.',
      { type: 'string' },
      `-${first}`,
    ),
    param('limit', 'Maximum number of items (-1 for all).', { type: 'integer' }, 25),
    param('offset', 'Items to skip.', { type: 'integer', minimum: 0 }, 0),
    param('page', 'Page number (with limit).', { type: 'integer', minimum: 1 }),
    param('search', 'Search the text fields.', { type: 'string' }),
    param(
      'meta',
      'Counts to include: total_count, filter_count or *.',
      { type: 'string' },
      'total_count',
    ),
  ];
}

function objectOf(
  schema: SchemaOverview,
  index: RelationIndex,
  collection: CollectionOverview,
  fields: string[],
  readable: (c: string) => boolean,
  writing: boolean,
): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const name of fields) {
    const field = collection.fields[name];
    const rel = relationalSchema(schema, index, collection, field, readable);
    if (writing && field.type === 'alias' && !rel) continue;
    properties[name] = rel ?? scalarSchema(field);
  }
  return { type: 'object', properties };
}

function requiredOnCreate(collection: CollectionOverview, fields: string[]): string[] {
  return fields.filter((name) => {
    const s = collection.fields[name].schema;
    return (
      s && !s.is_nullable && s.default_value === null && !s.has_auto_increment && !s.is_generated
    );
  });
}

/** Paths, item schemas and tags for every collection the caller may read or write. */
export function collectionSpec(schema: SchemaOverview, permissions: Permissions): CollectionSpec {
  const out: CollectionSpec = { paths: {}, schemas: {}, tags: [] };
  const index = relationIndex(schema);
  const readable = (c: string) =>
    permissions.admin ? c in schema.collections : permissions.get(c, 'read') !== null;
  const names = Object.keys(schema.collections)
    .filter((c) => !schema.collections[c].system)
    .sort();
  for (const name of names) {
    const col = schema.collections[name];
    const grant = (a: PermissionAction) => grantedFields(permissions, col, a);
    const read = grant('read');
    const create = grant('create');
    const update = grant('update');
    const remove = grant('delete');
    if (!read && !create && !update && !remove) continue;
    const tag = name;
    out.tags.push({ name: tag, description: col.meta?.note ?? `Items of ${name}` });
    const ref = { $ref: itemRef(name) };
    if (read)
      out.schemas[componentName(name)] = objectOf(schema, index, col, read, readable, false);
    else out.schemas[componentName(name)] = { type: 'object' };
    const data = (s: JsonSchema) => json({ type: 'object', properties: { data: s } });
    const ok = (s: JsonSchema) => ({
      '200': { description: 'Success', content: data(s) },
      ...errors(),
    });
    const idParam = {
      name: 'id',
      in: 'path',
      required: true,
      schema: col.primary ? scalarSchema(col.fields[col.primary]) : { type: 'string' },
    };
    const op = (id: string, summary: string, extra: Operation): Operation => ({
      operationId: `${id}_${name}`,
      summary,
      tags: [tag],
      security: SECURITY,
      ...extra,
    });
    const many: PathItem = {};
    const one: PathItem = {};
    if (read) {
      many.get = op('list', `List ${name}`, {
        parameters: queryParams(name, read, true),
        responses: ok({ type: 'array', items: ref }),
      });
      one.get = op('read', `One ${name} item`, {
        parameters: [idParam, ...queryParams(name, read, false)],
        responses: { ...ok(ref), '404': { description: 'Not found' } },
      });
    }
    if (create) {
      const body = objectOf(schema, index, col, create, readable, true);
      const required = requiredOnCreate(col, create);
      if (required.length) body.required = required;
      out.schemas[componentName(name, 'Create')] = body;
      const bodyRef = { $ref: itemRef(name, 'Create') };
      many.post = op('create', `Create ${name} items`, {
        requestBody: {
          required: true,
          content: json({ anyOf: [bodyRef, { type: 'array', items: bodyRef }] }),
        },
        responses: ok(ref),
      });
    }
    if (update) {
      out.schemas[componentName(name, 'Update')] = objectOf(
        schema,
        index,
        col,
        update,
        readable,
        true,
      );
      const body = { $ref: itemRef(name, 'Update') };
      one.patch = op('update', `Update one ${name} item`, {
        parameters: [idParam],
        requestBody: { required: true, content: json(body) },
        responses: ok(ref),
      });
      many.patch = op('update_many', `Update ${name} items`, {
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            properties: { keys: { type: 'array', items: idParam.schema }, data: body },
          }),
        },
        responses: ok({ type: 'array', items: ref }),
      });
    }
    if (remove) {
      one.delete = op('delete', `Delete one ${name} item`, {
        parameters: [idParam],
        responses: { '204': { description: 'Deleted' }, ...errors() },
      });
      many.delete = op('delete_many', `Delete ${name} items`, {
        requestBody: { required: true, content: json({ type: 'array', items: idParam.schema }) },
        responses: { '204': { description: 'Deleted' }, ...errors() },
      });
    }
    if (Object.keys(many).length) out.paths[`/api/items/${name}`] = many;
    if (Object.keys(one).length) out.paths[`/api/items/${name}/{id}`] = one;
  }
  return out;
}
