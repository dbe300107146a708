import 'server-only';
import { SystemService } from '@/lib/system/system-collection';

/**
 * The activity log and the item revisions: written by the server only (the items engine,
 * sign-in, `POST /api/activity/event`), read through the usual permission checks, and
 * silent (reading them runs no item hooks).
 */
export const activity = new SystemService({
  collection: 'daas_activity',
  keyType: 'integer',
  silent: true,
});

export const revisions = new SystemService({
  collection: 'daas_revisions',
  keyType: 'integer',
  silent: true,
});
