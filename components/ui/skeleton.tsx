import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** A placeholder block; decorative, so the surrounding region announces loading instead. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div aria-hidden className={cn('animate-pulse rounded-md bg-muted', className)} {...props} />
  );
}
