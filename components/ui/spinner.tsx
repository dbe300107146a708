import { LoaderCircle } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** Decorative by default; pass `aria-label` when the spinner is the only sign of progress. */
export function Spinner({ className, ...props }: ComponentProps<typeof LoaderCircle>) {
  const labelled = props['aria-label'] !== undefined;
  return (
    <LoaderCircle
      role={labelled ? 'status' : undefined}
      aria-hidden={labelled ? undefined : true}
      className={cn('size-4 animate-spin', className)}
      {...props}
    />
  );
}
