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

/**
 * The studio's create/edit dialog: title, the save's summary error, the fields, cancel and
 * save. Rendered only while open (`open` defaults to true), or kept mounted and driven by
 * `open` when the caller resets its state on close.
 */
export function EditDialog({
  open = true,
  className = 'sm:max-w-xl',
  title,
  description,
  error,
  saving,
  canSave = true,
  icon,
  labels,
  onSubmit,
  onClose,
  children,
  after,
}: {
  open?: boolean;
  className?: string;
  title: string;
  description: string;
  error: string | null;
  saving: boolean;
  /** False keeps save disabled (nothing to send yet). */
  canSave?: boolean;
  /** Shown on the save button beside its label while not saving. */
  icon?: ReactNode;
  labels: { cancel: string; save: string };
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
  /** Shown below the form, outside it: parts that save on their own. */
  after?: ReactNode;
}) {
  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit();
  }
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className={className}>
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
            <Button type="submit" disabled={saving || !canSave}>
              {saving ? <Spinner /> : icon}
              {labels.save}
            </Button>
          </DialogFooter>
        </form>
        {after}
      </DialogContent>
    </Dialog>
  );
}
