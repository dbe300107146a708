'use client';

import type { LucideIcon } from 'lucide-react';
import { useTranslations } from 'next-intl';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { Button, type ButtonProps } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

/** A button that asks first: the action runs only after "Confirm" in an alert dialog. */
export function ConfirmButton({
  label,
  title,
  description,
  icon: Icon,
  variant = 'outline',
  size = 'sm',
  pending = false,
  iconOnly = false,
  onConfirm,
}: {
  label: string;
  title: string;
  description: string;
  icon?: LucideIcon;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  pending?: boolean;
  iconOnly?: boolean;
  onConfirm: () => void;
}) {
  const t = useTranslations('Access');
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button
          variant={variant}
          size={iconOnly ? 'icon' : size}
          className={iconOnly ? undefined : 'self-start'}
          disabled={pending}
          aria-label={iconOnly ? label : undefined}
        >
          {pending ? <Spinner /> : Icon && <Icon aria-hidden />}
          {!iconOnly && label}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{t('cancel')}</AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm}>{label}</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
