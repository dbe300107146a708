'use client';

import { Trash2 } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useRuntimeDeleteMutation } from '@/lib/client/runtime/runtime-delete-mutation';
import type { RuntimeResource } from '@/lib/client/runtime/types';
import { ConfirmButton } from '../kit/confirm-button';
import { useSave } from '../kit/use-save';

/** Deletes one row after a confirmation that says what else the deletion touches. */
export function DeleteButton({
  resource,
  id,
  name,
  consequence,
  onDeleted,
}: {
  resource: RuntimeResource;
  id: string;
  name: string;
  consequence: string;
  onDeleted?: () => void;
}) {
  const t = useTranslations('Runtime');
  const remove = useSave(useRuntimeDeleteMutation(resource), {
    saved: t('deleted', { name }),
    inline: true,
  });
  return (
    <ConfirmButton
      iconOnly
      variant="ghost"
      icon={Trash2}
      label={t('delete', { name })}
      title={t('deleteTitle', { name })}
      description={consequence}
      onConfirm={() => remove.mutateAsync(id).then(() => onDeleted?.())}
    />
  );
}
