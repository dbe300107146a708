'use client';

import type { LucideIcon } from 'lucide-react';
import { ConfirmDialog } from '@/components/studio/kit/confirm-dialog';
import { Button, type ButtonProps } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

/**
 * A button that asks first (the shared confirmation dialog): the action runs on "confirm",
 * and a failure stays in the dialog with its reason.
 */
export function ConfirmButton({
  label,
  title,
  description,
  icon: Icon,
  variant = 'outline',
  size = 'sm',
  pending = false,
  iconOnly = false,
  destructive = true,
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
  destructive?: boolean;
  onConfirm: () => Promise<unknown>;
}) {
  return (
    <ConfirmDialog
      title={title}
      description={description}
      confirmLabel={label}
      destructive={destructive}
      onConfirm={onConfirm}
      trigger={
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
      }
    />
  );
}
