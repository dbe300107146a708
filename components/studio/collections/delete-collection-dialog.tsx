'use client';

import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
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
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useCollectionDeleteMutation } from '@/lib/client/collections/collection-delete-mutation';
import { useErrorMessage } from '../kit/use-error-message';
import { useSchemaSave } from './use-schema-save';
import { useRelationsQuery } from '@/lib/client/relations/relations-query';
import { useRouter } from '@/lib/i18n/navigation';

/** Dropping a table loses its data: the name must be typed before the button works. */
export function DeleteCollectionDialog({
  collection,
  open,
  onOpenChange,
}: {
  collection: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useTranslations('DeleteCollection');
  const router = useRouter();
  const errorText = useErrorMessage();
  const remove = useSchemaSave(useCollectionDeleteMutation(), (name) => ({
    key: 'collectionDeleted',
    name,
  }));
  const relations = useRelationsQuery();
  const [typed, setTyped] = useState('');
  const linked = (relations.data ?? []).filter(
    (r) => r.collection === collection || r.related_collection === collection,
  ).length;
  const matches = typed === collection;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!matches) return;
    // mutateAsync, not per-call callbacks: the refetch that follows the delete unmounts this
    // dialog (the collection is gone), and React Query drops callbacks of unmounted callers.
    remove
      .mutateAsync(collection)
      .then(() => router.push('/collections'))
      .catch(() => undefined);
  }

  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) {
          setTyped('');
          remove.reset();
        }
      }}
    >
      <AlertDialogContent>
        <form onSubmit={submit} className="flex flex-col gap-4">
          <AlertDialogHeader>
            <AlertDialogTitle>{t('title', { name: collection })}</AlertDialogTitle>
            <AlertDialogDescription>
              {t('body')} {linked > 0 && t('relations', { count: linked })}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <Field label={t('confirmLabel', { name: collection })}>
            <Input
              value={typed}
              autoComplete="off"
              spellCheck={false}
              className="font-mono"
              onChange={(e) => setTyped(e.target.value)}
            />
          </Field>
          {remove.isError && (
            <p role="alert" className="text-sm text-destructive">
              {errorText(remove.error)}
            </p>
          )}
          <AlertDialogFooter>
            <AlertDialogCancel>{t('cancel')}</AlertDialogCancel>
            <Button type="submit" variant="destructive" disabled={!matches || remove.isPending}>
              {remove.isPending && <Spinner />}
              {t('submit')}
            </Button>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
