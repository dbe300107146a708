'use client';

import { useTranslations } from 'next-intl';
import { useRef } from 'react';
import { useSave } from '@/components/studio/kit/use-save';
import { useItemSaveMutation } from '@/lib/client/items/item-save-mutation';
import type { ItemKey } from '@/lib/client/items/types';

/**
 * Moving a card or an event: one field of one item changes (a day, a column). The person
 * is told where it went, or the server's own reason when it was refused; either way the
 * lists are read again, so the item shows where the server says it is.
 */
export function useMoveItem(collection: string) {
  const t = useTranslations('ItemBrowser');
  const where = useRef('');
  const save = useSave(useItemSaveMutation(collection), {
    saved: () => t('moved', { where: where.current }),
    failed: t('moveFailed'),
  });
  return {
    pending: save.isPending,
    move: (key: ItemKey, field: string, value: unknown, place: string) => {
      where.current = place;
      save.mutate({ key, values: { [field]: value } });
    },
  };
}
