'use client';

import { useTranslations } from 'next-intl';
import { useErrorMessage } from '@/components/studio/use-error-message';
import { toast } from '@/components/ui/toast';
import { useItemSaveMutation } from '@/lib/client/items/item-save-mutation';
import type { ItemKey } from '@/lib/client/items/types';

/**
 * Moving a card or an event: one field of one item changes (a day, a column). The person
 * is told where it went, or the server's own reason when it was refused; either way the
 * lists are read again, so the item shows where the server says it is.
 */
export function useMoveItem(collection: string) {
  const t = useTranslations('ItemBrowser');
  const message = useErrorMessage();
  const save = useItemSaveMutation(collection);
  return {
    pending: save.isPending,
    move: (key: ItemKey, field: string, value: unknown, where: string) =>
      save.mutate(
        { key, values: { [field]: value } },
        {
          onSuccess: () => toast({ title: t('moved', { where }), variant: 'success' }),
          onError: (error) =>
            toast({ title: t('moveFailed'), description: message(error), variant: 'error' }),
        },
      ),
  };
}
