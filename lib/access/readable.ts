import 'server-only';
import type { Accountability } from '@/lib/core/accountability';
import type { Db } from '@/lib/db/client';
import { allowsField, permissionsFor } from './permissions';

/**
 * What of the schema the caller may see, decided by its `read` permissions (as Directus
 * does): a collection when one of its policies may read it, a field when one of them may
 * read that field. Administrators see everything.
 */
export interface SchemaAccess {
  admin: boolean;
  collection(name: string): boolean;
  field(collection: string, field: string): boolean;
}

const EVERYTHING: SchemaAccess = { admin: true, collection: () => true, field: () => true };

export async function schemaAccess(ctx: {
  db: Db;
  accountability: Accountability;
}): Promise<SchemaAccess> {
  if (ctx.accountability.admin) return EVERYTHING;
  const permissions = await permissionsFor(ctx.db, ctx.accountability);
  const read = (collection: string) => permissions.get(collection, 'read');
  return {
    admin: false,
    collection: (name) => read(name) !== null,
    field: (collection, field) => {
      const permission = read(collection);
      return permission !== null && allowsField(permission, field);
    },
  };
}
