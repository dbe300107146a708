'use client';

import { CircleAlert, RotateCw } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { useErrorMessage } from '../kit/use-error-message';

/** A failed read, said plainly, with a retry. */
export function QueryError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const t = useTranslations('Common');
  const errorText = useErrorMessage();
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-xl border border-destructive/30 bg-destructive/5 px-6 py-10 text-center"
    >
      <CircleAlert aria-hidden className="size-6 text-destructive" />
      <p className="max-w-md text-sm">{errorText(error)}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        <RotateCw aria-hidden />
        {t('retry')}
      </Button>
    </div>
  );
}
