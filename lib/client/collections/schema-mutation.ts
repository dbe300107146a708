'use client';

import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { fieldKeys } from '../fields/keys';
import { relationKeys } from '../relations/keys';
import { collectionKeys } from './keys';

/**
 * A schema change can touch all three lists at once, in every scope (deleting a collection
 * drops its relations and the alias fields pointing at it), so every data-model mutation
 * refreshes collections, fields and relations together.
 */
export function invalidateSchema(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: collectionKeys.root }),
    queryClient.invalidateQueries({ queryKey: fieldKeys.root }),
    queryClient.invalidateQueries({ queryKey: relationKeys.root }),
  ]).then(() => undefined);
}

export type NoticeKey =
  | 'collectionCreated'
  | 'collectionUpdated'
  | 'collectionDeleted'
  | 'fieldCreated'
  | 'fieldUpdated'
  | 'fieldDeleted'
  | 'fieldsReordered'
  | 'relationCreated'
  | 'relationUpdated'
  | 'relationSortSaved'
  | 'indexesSaved';

/** What a finished change says about itself; the studio turns it into a translated toast. */
export interface SchemaNotice {
  key: NoticeKey;
  name: string;
}

/** Supplied by the studio (lib/client can't render): shows the outcome of a change. */
export interface SchemaNotifier {
  success: (notice: SchemaNotice) => void;
  failure: (error: unknown) => void;
}

/**
 * One mutation of the data model: refresh the schema lists and report the outcome. The
 * callbacks are the hook's own, so they run even when the caller unmounted meanwhile.
 */
export function useSchemaMutation<V, R>(
  mutationFn: (vars: V) => Promise<R>,
  notice: (vars: V) => SchemaNotice | null,
  notifier?: SchemaNotifier,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (_data, vars) => {
      const message = notice(vars);
      if (message) notifier?.success(message);
    },
    onError: (error) => notifier?.failure(error),
    onSettled: () => invalidateSchema(queryClient),
  });
}
