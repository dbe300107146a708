'use client';

import { useTranslations } from 'next-intl';
import { useRef } from 'react';
import { useSave } from '@/components/studio/kit/use-save';
import { NoWorkflowCommandError, useItemMoveMutation } from '@/lib/client/items/item-move-mutation';
import type { ItemKey } from '@/lib/client/items/types';

/**
 * Moving a card or an event: one field of one item changes (a day, a column), through the
 * workflow's command when the field is a workflow's state. The person is told where it went,
 * or why it could not go there; either way the lists are read again, so the item shows where
 * the server says it is.
 */
export function useMoveItem(collection: string) {
  const t = useTranslations('ItemBrowser');
  const where = useRef('');
  const save = useSave(useItemMoveMutation(collection), {
    saved: () => t('moved', { where: where.current }),
    failed: t('moveFailed'),
    describe: (error, message) =>
      error instanceof NoWorkflowCommandError
        ? t('moveNoCommand', { where: where.current })
        : message,
  });
  return {
    pending: save.isPending,
    move: (key: ItemKey, field: string, value: string | number | null, place: string) => {
      where.current = place;
      save.mutate({ key, field, value });
    },
  };
}
