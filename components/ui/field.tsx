'use client';

import { Slot } from '@radix-ui/react-slot';
import { useId, type ReactElement, type ReactNode } from 'react';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/cn';

/** What a field hands to its control so label, hint and error reach assistive technology. */
export interface FieldControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
  'aria-required': true | undefined;
}

export interface FieldProps {
  label: ReactNode;
  /**
   * The control. An element (Input, Textarea, Checkbox, SelectTrigger...) receives the
   * FieldControlProps through Slot; a function gets them to spread where they belong
   * (for a Select: on its SelectTrigger).
   */
  children: ReactElement | ((control: FieldControlProps) => ReactNode);
  hint?: ReactNode;
  /** Shown under the control and marks it invalid; empty means valid. */
  error?: ReactNode;
  /** Marks the label with an asterisk and sets aria-required on the control. */
  required?: boolean;
  /** The control's id; generated when absent. */
  id?: string;
  /** `inline` puts a checkbox or switch before its label. */
  layout?: 'stacked' | 'inline';
  className?: string;
}

export function Field({
  label,
  children,
  hint,
  error,
  required,
  id,
  layout = 'stacked',
  className,
}: FieldProps) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const hasError = error !== undefined && error !== null && error !== false && error !== '';
  const describedBy = [hint ? hintId : null, hasError ? errorId : null].filter(Boolean).join(' ');
  const control: FieldControlProps = {
    id: controlId,
    'aria-describedby': describedBy || undefined,
    'aria-invalid': hasError ? true : undefined,
    'aria-required': required ? true : undefined,
  };

  const labelNode = (
    <Label htmlFor={controlId} className={cn(hasError && 'text-destructive')}>
      {label}
      {required && (
        <span aria-hidden className="ml-0.5 text-destructive">
          *
        </span>
      )}
    </Label>
  );
  const controlNode =
    typeof children === 'function' ? children(control) : <Slot {...control}>{children}</Slot>;

  return (
    <div className={cn('flex flex-col gap-2', className)}>
      {layout === 'inline' ? (
        <div className="flex items-center gap-2.5">
          {controlNode}
          {labelNode}
        </div>
      ) : (
        <>
          {labelNode}
          {controlNode}
        </>
      )}
      {hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {hasError && (
        <p id={errorId} className="text-xs font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
