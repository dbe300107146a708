'use client';

import { useTranslations } from 'next-intl';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useFieldDeleteMutation } from '@/lib/client/fields/field-delete-mutation';
import { useErrorMessage } from '../kit/use-error-message';
import { useSchemaSave } from './use-schema-save';

export function DeleteFieldDialog({
  collection,
  field,
  onClose,
}: {
  collection: string;
  field: string;
  onClose: () => void;
}) {
  const t = useTranslations('DeleteField');
  const remove = useSchemaSave(useFieldDeleteMutation(), (v) => ({
    key: 'fieldDeleted',
    name: v.field,
  }));
  const errorText = useErrorMessage();
  return (
    <AlertDialog open onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t('title', { field })}</AlertDialogTitle>
          <AlertDialogDescription>{t('body')}</AlertDialogDescription>
        </AlertDialogHeader>
        {remove.isError && (
          <p role="alert" className="text-sm text-destructive">
            {errorText(remove.error)}
          </p>
        )}
        <AlertDialogFooter>
          <AlertDialogCancel>{t('cancel')}</AlertDialogCancel>
          <Button
            variant="destructive"
            disabled={remove.isPending}
            onClick={() => remove.mutate({ collection, field }, { onSuccess: onClose })}
          >
            {remove.isPending && <Spinner />}
            {t('submit')}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
