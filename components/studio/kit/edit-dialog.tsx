'use client';

import type { FormEvent, ReactNode } from 'react';
import { FormAlert } from '@/components/studio/kit/form-alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';

/** The create/edit dialog of a runtime row: title, the save's summary error, fields, buttons. */
export function EditDialog({
  title,
  description,
  error,
  saving,
  labels,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  description: string;
  error: string | null;
  saving: boolean;
  labels: { cancel: string; save: string };
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit();
  }
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          {error && <FormAlert>{error}</FormAlert>}
          {children}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              {labels.cancel}
            </Button>
            <Button type="submit" disabled={saving}>
              {saving && <Spinner />}
              {labels.save}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
