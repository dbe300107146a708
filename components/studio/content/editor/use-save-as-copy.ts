'use client';

import { useTranslations } from 'next-intl';
import { useSave } from '@/components/studio/kit/use-save';
import { useItemSaveMutation } from '@/lib/client/items/item-save-mutation';
import type { FilterVariables } from '@/lib/client/items/match-filter';
import type { Item } from '@/lib/client/items/types';
import { useRouter } from '@/lib/i18n/navigation';
import type { CollectionSchema } from '../use-collection-schema';
import { copyPayload } from './copy-payload';
import type { EditorField } from './use-editor-schema';

/**
 * "Save as copy": creates a new item from the form's values (the original keeps what it
 * had; unsaved edits go to the copy) and opens the copy.
 */
export function useSaveAsCopy(
  schema: CollectionSchema,
  fields: EditorField[],
  values: Item,
  vars: FilterVariables,
) {
  const t = useTranslations('ItemSave');
  const router = useRouter();
  const save = useSave(useItemSaveMutation(schema.collection), {
    saved: t('copied'),
    failed: t('copyFailed'),
  });
  return {
    isPending: save.isPending,
    run: () => {
      const body = copyPayload(
        fields,
        values,
        schema.duplicationFields,
        (f) => schema.fieldAllowed('create', f),
        vars,
      );
      // Opening the copy must not depend on this form: the save refreshes the item, which
      // starts the form over. A failure is already told by the toast.
      save
        .mutateAsync({ key: null, values: body })
        .then((copy) => {
          const key = copy[schema.primaryKey];
          router.push(
            `/content/${encodeURIComponent(schema.collection)}/${encodeURIComponent(String(key))}`,
          );
        })
        .catch(() => undefined);
    },
  };
}
