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

/**
 * One mutation of the data model: refresh the schema lists once it settled, failed or not.
 * The studio reports the outcome (components/studio/kit/use-save.ts).
 */
export function useSchemaMutation<V, R>(mutationFn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => invalidateSchema(queryClient),
  });
}
