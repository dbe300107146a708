'use client';

import { useTranslations } from 'next-intl';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useErrorMessage } from '@/components/studio/kit/use-error-message';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';

export interface ConfirmDialogProps {
  title: string;
  /** What will happen and to what; required, as an alert dialog must say why it interrupts. */
  description: ReactNode;
  /** Runs on confirm; the dialog stays open, buttons disabled, until it settles. */
  onConfirm: () => Promise<unknown> | void;
  /** An element opening the dialog (rendered through `asChild`); or control it with `open`. */
  trigger?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** When set, the confirm button enables only once this exact text is typed. */
  confirmWord?: string;
  /** Defaults to `Shared.confirmDelete`. */
  confirmLabel?: string;
  /** Shown on the button while `onConfirm` runs; defaults to `Shared.confirming`. */
  pendingLabel?: string;
  /** Defaults to true (red confirm button). */
  destructive?: boolean;
}

/**
 * A confirmation for a consequential action. A failure keeps the dialog open with the
 * translated reason, so the person can retry or cancel; success closes it.
 */
export function ConfirmDialog({
  title,
  description,
  onConfirm,
  trigger,
  open: openProp,
  onOpenChange,
  confirmWord,
  confirmLabel,
  pendingLabel,
  destructive = true,
}: ConfirmDialogProps) {
  const t = useTranslations('Shared');
  const errorMessage = useErrorMessage();
  const [openState, setOpenState] = useState(false);
  const [typed, setTyped] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const formId = useId();
  const open = openProp ?? openState;

  function setOpen(next: boolean) {
    // Closing mid-request would hide whether the action happened.
    if (!next && pending) return;
    if (!next) {
      setTyped('');
      setError(null);
    }
    setOpenState(next);
    onOpenChange?.(next);
  }

  const wordMatches = confirmWord === undefined || typed === confirmWord;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!wordMatches || pending) return;
    setPending(true);
    setError(null);
    try {
      await onConfirm();
      setPending(false);
      setTyped('');
      setOpenState(false);
      onOpenChange?.(false);
    } catch (err) {
      setPending(false);
      setError(err);
    }
  }

  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      {trigger && <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>}
      <AlertDialogContent onEscapeKeyDown={(e) => pending && e.preventDefault()}>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription asChild>
            <div>{description}</div>
          </AlertDialogDescription>
        </AlertDialogHeader>
        <form id={formId} onSubmit={submit} className="contents">
          {confirmWord !== undefined && (
            <Field
              label={t.rich('typeToConfirm', {
                word: confirmWord,
                strong: (chunks) => <strong className="font-semibold">{chunks}</strong>,
              })}
              hint={t('typeToConfirmHint')}
            >
              <Input
                value={typed}
                onChange={(e) => setTyped(e.target.value)}
                autoComplete="off"
                autoCapitalize="off"
                spellCheck={false}
                disabled={pending}
              />
            </Field>
          )}
          {error !== null && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {errorMessage(error)}
            </p>
          )}
        </form>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>{t('cancel')}</AlertDialogCancel>
          <Button
            type="submit"
            form={formId}
            variant={destructive ? 'destructive' : 'default'}
            disabled={!wordMatches || pending}
          >
            {pending && <Spinner />}
            {pending ? (pendingLabel ?? t('confirming')) : (confirmLabel ?? t('confirmDelete'))}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
