'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';
import { itemKeys } from './keys';
import { batchUrl, itemsUrl } from './query-string';
import type { Item, ItemKey } from './types';

/** What a batch applies to: chosen keys, or every row a filter and search match. */
export type BatchTarget =
  | { kind: 'keys'; keys: ItemKey[] }
  | { kind: 'matching'; filter: Record<string, unknown> | null; search: string };

export type BatchAction = { kind: 'update'; values: Item } | { kind: 'delete' };

export interface BatchProgress {
  /** Items changed so far. */
  done: number;
  /** Items to change; null while the matching keys are still being gathered. */
  total: number | null;
}

export interface BatchRun {
  primaryKey: string;
  target: BatchTarget;
  action: BatchAction;
  /** The server's MAX_BATCH_MUTATION: no request asks for more. */
  chunkSize: number;
  /** Page size for gathering matching keys (the server's largest page). */
  pageSize: number;
  onProgress?: (progress: BatchProgress) => void;
}

/**
 * Every key the target matches, gathered page by page after the last key seen (not by
 * offset), so a deep page costs no more than the first and the set is fixed before
 * anything changes: an edit can't move rows in or out of what is left to do.
 */
async function matchingKeys(collection: string, run: BatchRun): Promise<ItemKey[]> {
  if (run.target.kind === 'keys') return run.target.keys;
  const { filter, search } = run.target;
  const keys: ItemKey[] = [];
  for (;;) {
    const last = keys.at(-1);
    const after = last === undefined ? null : { [run.primaryKey]: { _gt: last } };
    const parts = [filter, after].filter((f) => f !== null);
    const url = itemsUrl(collection, {
      fields: [run.primaryKey],
      sort: [run.primaryKey],
      filter: parts.length > 1 ? { _and: parts } : (parts[0] ?? null),
      search,
      limit: run.pageSize,
    });
    const page = await apiFetch<{ data: Item[] }>(url);
    for (const row of page.data) keys.push(row[run.primaryKey] as ItemKey);
    run.onProgress?.({ done: 0, total: null });
    if (page.data.length < run.pageSize) return keys;
  }
}

/**
 * Applies one edit or delete to any number of items in requests of at most `chunkSize`
 * keys, one after the other, reporting progress; a refusal stops the run and is thrown
 * with the server's message (the chunks before it stay applied, and the count says so).
 */
export function useItemsBatchRunMutation(collection: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (run: BatchRun): Promise<number> => {
      const keys = await matchingKeys(collection, run);
      let done = 0;
      run.onProgress?.({ done, total: keys.length });
      for (let i = 0; i < keys.length; i += run.chunkSize) {
        const chunk = keys.slice(i, i + run.chunkSize);
        const url = batchUrl(collection, { primaryKey: run.primaryKey, keys: chunk });
        if (run.action.kind === 'update') {
          await apiFetch(url, { method: 'PATCH', body: run.action.values });
        } else {
          await apiFetch(url, { method: 'DELETE' });
        }
        done += chunk.length;
        run.onProgress?.({ done, total: keys.length });
      }
      return done;
    },
    // Also after a refusal half-way: the chunks before it did change rows.
    onSettled: () => queryClient.invalidateQueries({ queryKey: itemKeys.collection(collection) }),
  });
}
