'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { saveToVersion } from '../versions/version-save-mutation';
import { versionKeys } from '../versions/keys';
import { afterItemSave, saveItem, type SaveItemInput } from './item-save-mutation';
import { itemKeys } from './keys';
import type { Item } from './types';

/**
 * The item form's save: to the item itself, or into the draft of the content version being
 * edited (whose merged view the form shows, so the item's reads are refreshed too).
 */
export function useItemFormSaveMutation(collection: string, versionId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveItemInput): Promise<Item> =>
      versionId === null
        ? saveItem(collection, input)
        : saveToVersion({ id: versionId, values: input.values }),
    onSuccess: async () => {
      if (versionId === null) return afterItemSave(queryClient);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: versionKeys.root }),
        queryClient.invalidateQueries({ queryKey: itemKeys.details(collection) }),
      ]);
    },
  });
}
