'use client';

import { CircleAlert, RotateCw } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { useErrorMessage } from '../use-error-message';

/** A failed read, in place of its content, with a way to try again. */
export function QueryError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const tCommon = useTranslations('Common');
  const errorMessage = useErrorMessage();
  return (
    <div role="alert" className="flex items-start gap-3 rounded-lg border bg-card p-4 text-sm">
      <CircleAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-destructive" />
      <div className="flex flex-1 flex-col items-start gap-3">
        <p>{errorMessage(error)}</p>
        <Button variant="outline" size="sm" onClick={onRetry}>
          <RotateCw aria-hidden />
          {tCommon('retry')}
        </Button>
      </div>
    </div>
  );
}
