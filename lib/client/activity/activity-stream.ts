'use client';

import { useRealtimeRefresh } from '../realtime/use-realtime';
import { activityKeys } from './keys';

/** New entries only, and the first read kept to one row: the stream is a doorbell. */
const NEW_ENTRIES = {
  collection: 'daas_activity',
  event: 'create' as const,
  query: { fields: ['id'], sort: ['-id'], limit: 1 },
};

/**
 * An entry written between the page's first read and the subscription's start rings no bell,
 * so the first `init` refetches once too: one read per page opened.
 */
const neverShown = (): boolean => false;

/**
 * Streams the activity log: each new entry the caller may read (the server reads it with
 * the caller's permission on the log) refetches the timeline, chart and facets.
 */
export function useActivityStream(enabled = true): void {
  useRealtimeRefresh(enabled ? NEW_ENTRIES : null, activityKeys.all, neverShown);
}
