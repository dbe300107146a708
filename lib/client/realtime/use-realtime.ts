'use client';

import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import type { SubscriptionHandlers } from './connection';
import { sharedConnection } from './shared';
import type { RealtimeStatus, SubscribeInput } from './types';

const onStatus = (listener: () => void) => sharedConnection().onStatus(listener);
const statusNow = () => sharedConnection().status;
const statusOnServer = (): RealtimeStatus => 'idle';

/** The state of the tab's realtime line, for a "Live" indicator. */
export function useRealtimeStatus(): RealtimeStatus {
  return useSyncExternalStore(onStatus, statusNow, statusOnServer);
}

/**
 * Subscribes while mounted (null: not at all). Equal inputs share one server subscription;
 * the handlers may change between renders without subscribing again.
 */
export function useRealtimeSubscription(
  input: SubscribeInput | null,
  handlers: SubscriptionHandlers,
): void {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  const key = input ? JSON.stringify(input) : null;
  useEffect(() => {
    if (key === null) return;
    return sharedConnection().subscribe(JSON.parse(key) as SubscribeInput, {
      onEvent: (event) => latest.current.onEvent(event),
      onError: (code) => latest.current.onError?.(code),
    });
  }, [key]);
}

/** How long changes are gathered before one refetch: a burst of writes costs one read. */
export const COALESCE_MS = 150;

/**
 * A function that runs `work` once per burst of calls: at most once per COALESCE_MS, and
 * after `busy` (a refetch still running) is over, so a refetch is never cancelled by the next.
 */
export function useCoalesced(work: () => void, busy: () => boolean = () => false): () => void {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef({ work, busy });
  useEffect(() => {
    latest.current = { work, busy };
  });
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return useCallback(() => {
    if (timer.current) return;
    const flush = () => {
      if (latest.current.busy()) {
        timer.current = setTimeout(flush, COALESCE_MS);
        return;
      }
      timer.current = null;
      latest.current.work();
    };
    timer.current = setTimeout(flush, COALESCE_MS);
  }, []);
}

/**
 * Keeps the queries under `queryKey` current with a subscription: every change (and a
 * resumed line, which may have missed some) refetches them through the API, so what shows is
 * exactly what the caller's own reads return. `shows(data)` tells whether the first `init`
 * matches what is on screen; when it does not, something changed between the page's read and
 * the subscription, and the page is read again.
 */
export function useRealtimeRefresh(
  input: SubscribeInput | null,
  queryKey: QueryKey,
  shows?: (data: unknown) => boolean,
): void {
  const client = useQueryClient();
  const keyText = JSON.stringify(queryKey);
  const refresh = useCoalesced(
    () => void client.invalidateQueries({ queryKey: JSON.parse(keyText) as QueryKey }),
    () => client.isFetching({ queryKey: JSON.parse(keyText) as QueryKey }) > 0,
  );
  useRealtimeSubscription(input, {
    onEvent: (event) => {
      if (event.event === 'init' && !event.resumed && (!shows || shows(event.data))) return;
      refresh();
    },
  });
}
