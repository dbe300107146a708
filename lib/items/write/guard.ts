import 'server-only';
import { ForbiddenError, InvalidPayloadError } from '@/lib/core/errors';
import type { CollectionOverview, SchemaOverview } from '@/lib/schema/overview';

/**
 * A collection items may be written to. System collections have their own endpoints and
 * services (users, roles, ...): 403 here, as for a collection that does not exist, so the
 * answer does not tell which names exist. Views are read-only.
 */
export function writableCollection(
  schema: SchemaOverview,
  name: string,
  /** Only the system-collection services pass true. */
  system = false,
): CollectionOverview & { primary: string } {
  const c = Object.hasOwn(schema.collections, name) ? schema.collections[name] : undefined;
  if (!c || !c.schema || (c.system && !system)) throw new ForbiddenError();
  if (c.type === 'view') {
    throw new InvalidPayloadError(`Collection "${name}" is a view and is read-only`);
  }
  if (!c.primary) throw new InvalidPayloadError(`Collection "${name}" has no primary key`);
  return c as CollectionOverview & { primary: string };
}
