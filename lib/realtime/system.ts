import 'server-only';
import { ForbiddenError } from '@/lib/core/errors';
import { WRITE_ONLY } from '@/lib/access/write-only';
import type { ReadOptions } from '@/lib/items/read/service';
import { SYSTEM_PREFIX } from '@/lib/schema/overview';

/**
 * The system collections a live subscription may follow, read as their own endpoint reads
 * them (the caller's permission on the `daas_*` collection, write-only fields never, no
 * item hooks for the silent audit log). The activity log streams to the studio; the other
 * system collections stay refused (their writes carry side effects a reader should see
 * through their endpoints, and none is needed live yet).
 */
const SUBSCRIBABLE: Record<string, Omit<ReadOptions, 'readAccess'>> = {
  daas_activity: { system: true, hidden: WRITE_ONLY, events: false },
};

/** The read options for a subscription on `collection`; 403 for a refused system one. */
export function subscriptionReads(collection: string): Omit<ReadOptions, 'readAccess'> {
  if (!collection.startsWith(SYSTEM_PREFIX)) return {};
  const options = Object.hasOwn(SUBSCRIBABLE, collection) ? SUBSCRIBABLE[collection] : null;
  if (!options) throw new ForbiddenError();
  return options;
}
