'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../fetcher';
import { useCoalesced, useRealtimeSubscription } from '../realtime/use-realtime';
import { useActiveScope } from '../scope/active-scope';
import { fetchItem, itemQueryKey } from './item-query';
import type { Item, ItemKey } from './types';

/** What an open item learnt from elsewhere: a newer version it did not take, or its end. */
export type LiveItemNotice = 'changed' | 'deleted' | null;

/**
 * Keeps an open item current while someone else changes it. A change is read again through
 * the API (as the form reads it); when it differs from what the form started from, a clean
 * form takes it at once, while a form with unsaved edits keeps them and gets `changed`
 * instead (`load` then takes the new version). `deleted`: the item is gone, or out of the
 * caller's sight.
 */
export function useLiveItem(input: {
  collection: string;
  primaryKey: string;
  itemKey: ItemKey | null;
  fields: readonly string[];
  /** The item the form started from. */
  current: Item | null | undefined;
  dirty: boolean;
  enabled: boolean;
}) {
  const { collection, primaryKey, itemKey, fields, current, dirty, enabled } = input;
  const client = useQueryClient();
  const scope = useActiveScope();
  const [notice, setNotice] = useState<LiveItemNotice>(null);
  const queryKey = itemQueryKey(collection, itemKey, fields, scope);

  const check = useCoalesced(() => {
    if (itemKey === null) return;
    fetchItem(collection, itemKey, fields).then(
      (fresh) => {
        // The same as shown (an echo of this form's own save): nothing to tell.
        if (JSON.stringify(fresh) === JSON.stringify(current)) return;
        if (dirty) return setNotice('changed');
        client.setQueryData(queryKey, fresh);
        setNotice(null);
      },
      (err: unknown) => {
        if (err instanceof ApiError && (err.status === 404 || err.status === 403)) {
          setNotice('deleted');
        }
      },
    );
  });

  useRealtimeSubscription(
    enabled && itemKey !== null
      ? {
          collection,
          query: { fields: [primaryKey], filter: { [primaryKey]: { _eq: itemKey } } },
        }
      : null,
    {
      onEvent: (event) => {
        if (event.event === 'delete') setNotice('deleted');
        else if (event.event !== 'init' || event.resumed) check();
      },
    },
  );

  return {
    notice: enabled ? notice : null,
    /** Takes the newer version, dropping the unsaved edits. */
    load: () => {
      setNotice(null);
      void client.invalidateQueries({ queryKey });
    },
    /** Keeps the edits; the notice goes until the next change. */
    dismiss: () => setNotice(null),
  };
}
