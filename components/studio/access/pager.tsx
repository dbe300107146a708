'use client';

import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useFormatter, useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';

/** Previous / next over server pages, with "21–40 of 73" from the filtered count. */
export function Pager({
  page,
  limit,
  total,
  onPage,
}: {
  page: number;
  limit: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const t = useTranslations('Access.pager');
  const format = useFormatter();
  const pages = Math.max(1, Math.ceil(total / limit));
  const from = total === 0 ? 0 : (page - 1) * limit + 1;
  const to = Math.min(total, page * limit);
  return (
    <nav aria-label={t('label')} className="mt-4 flex items-center justify-between gap-2 text-sm">
      <p className="text-muted-foreground" aria-live="polite">
        {t('range', {
          from: format.number(from),
          to: format.number(to),
          total: format.number(total),
        })}
      </p>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          <ChevronLeft aria-hidden />
          {t('previous')}
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={page >= pages}
          onClick={() => onPage(page + 1)}
        >
          {t('next')}
          <ChevronRight aria-hidden />
        </Button>
      </div>
    </nav>
  );
}
