'use client';

import { CircleAlert, RotateCw, type LucideIcon } from 'lucide-react';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { EmptyState } from '@/components/studio/kit/empty-state';
import { useErrorMessage } from '@/components/studio/kit/use-error-message';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';

/** Announces loading once for screen readers while skeleton rows stand in for the content. */
export function LoadingState({
  rows = 5,
  className,
  children,
}: {
  /** How many skeleton rows the default placeholder shows. */
  rows?: number;
  className?: string;
  /** A custom skeleton shaped like the content; replaces the default rows. */
  children?: ReactNode;
}) {
  const t = useTranslations('Common');
  return (
    <div role="status" aria-live="polite" className={cn('flex flex-col gap-2', className)}>
      <span className="sr-only">{t('loading')}</span>
      {children ??
        Array.from({ length: rows }, (_, i) => <Skeleton key={i} className="h-10 w-full" />)}
    </div>
  );
}

/** A failed load: what went wrong (translated from the error code) and a way to try again. */
export function ErrorState({
  error,
  onRetry,
  retrying = false,
  title,
  className,
}: {
  error: unknown;
  /** Shows a "Try again" button calling this (for a query: `refetch`). */
  onRetry?: () => unknown;
  /** Disables the button and shows progress while a retry runs. */
  retrying?: boolean;
  /** Defaults to `Shared.loadErrorTitle`. */
  title?: string;
  className?: string;
}) {
  const t = useTranslations('Shared');
  const common = useTranslations('Common');
  const message = useErrorMessage();
  return (
    <section
      role="alert"
      className={cn(
        'flex flex-col items-center rounded-xl border border-destructive/30 bg-destructive/5 px-6 py-10 text-center',
        className,
      )}
    >
      <CircleAlert aria-hidden className="mb-3 size-6 text-destructive" />
      <h2 className="text-base font-semibold">{title ?? t('loadErrorTitle')}</h2>
      <p className="mt-1 max-w-md text-sm text-muted-foreground">{message(error)}</p>
      {onRetry && (
        <Button
          variant="outline"
          size="sm"
          className="mt-4"
          disabled={retrying}
          onClick={() => void onRetry()}
        >
          {retrying ? <Spinner /> : <RotateCw aria-hidden />}
          {retrying ? t('retrying') : common('retry')}
        </Button>
      )}
    </section>
  );
}

/** The parts of a TanStack query result this needs, so any query (or infinite query) fits. */
export interface QueryLike<T> {
  data: T | undefined;
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

export interface QueryStateProps<T> {
  query: QueryLike<T>;
  /** Renders the data once loaded (and not empty). */
  children: (data: T) => ReactNode;
  /** A skeleton shaped like the content; defaults to `LoadingState` rows. */
  loading?: ReactNode;
  /** Decides emptiness; the default treats an empty array as empty. */
  isEmpty?: (data: T) => boolean;
  /** Shown when the data is empty: `{icon, title, description}` for an EmptyState, or any node. */
  empty?: { icon: LucideIcon; title: string; description: ReactNode } | ReactNode;
  /** Title of the error state; defaults to `Shared.loadErrorTitle`. */
  errorTitle?: string;
  className?: string;
}

function isEmptyDefault(data: unknown): boolean {
  return Array.isArray(data) && data.length === 0;
}

function isEmptySpec(
  value: QueryStateProps<unknown>['empty'],
): value is { icon: LucideIcon; title: string; description: ReactNode } {
  return typeof value === 'object' && value !== null && 'icon' in value && 'title' in value;
}

/**
 * Loading, error (with retry), empty or the data, in that order. Data already on screen
 * stays when a background refetch fails, so a flaky request never blanks a page.
 */
export function QueryState<T>({
  query,
  children,
  loading,
  isEmpty = isEmptyDefault,
  empty,
  errorTitle,
  className,
}: QueryStateProps<T>) {
  if (query.data === undefined) {
    if (query.error) {
      return (
        <ErrorState
          error={query.error}
          onRetry={query.refetch}
          retrying={query.isFetching}
          title={errorTitle}
          className={className}
        />
      );
    }
    return loading ?? <LoadingState className={className} />;
  }
  if (empty !== undefined && isEmpty(query.data)) {
    if (isEmptySpec(empty)) {
      return (
        <EmptyState icon={empty.icon} title={empty.title} className={className}>
          {empty.description}
        </EmptyState>
      );
    }
    return empty;
  }
  return children(query.data);
}
