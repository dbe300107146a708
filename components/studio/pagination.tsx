'use client';

import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from 'lucide-react';
import { useFormatter, useTranslations } from 'next-intl';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { cn } from '@/lib/utils';
import { pageCount, pageRange } from './pagination-math';

export const DEFAULT_PAGE_SIZES = [25, 50, 100] as const;

export interface PaginationProps {
  /** The current page, starting at 1. */
  page: number;
  pageSize: number;
  /** Rows matching in all; null when the server did not count (then pass `hasMore`). */
  total: number | null;
  /** Marks `total` as an estimate ("of about"). */
  totalEstimated?: boolean;
  /** Whether a next page exists when `total` is null (for example a full page came back). */
  hasMore?: boolean;
  onPageChange: (page: number) => void;
  /** Shows the rows-per-page select; changing size should go back to page 1. */
  onPageSizeChange?: (pageSize: number) => void;
  pageSizes?: readonly number[];
  /** Disables every control (for example while the page loads). */
  disabled?: boolean;
  className?: string;
}

/** Controls for server-side paging: the range shown, rows per page, first/prev/next/last. */
export function Pagination({
  page,
  pageSize,
  total,
  totalEstimated = false,
  hasMore = false,
  onPageChange,
  onPageSizeChange,
  pageSizes = DEFAULT_PAGE_SIZES,
  disabled = false,
  className,
}: PaginationProps) {
  const t = useTranslations('Shared');
  const format = useFormatter();
  const sizeId = useId();
  const pages = pageCount(total, pageSize);
  const range = pageRange(page, pageSize, total);
  const n = (value: number) => format.number(value);

  const canPrevious = page > 1;
  const canNext = pages === null ? hasMore : page < pages;
  const sizes = pageSizes.includes(pageSize)
    ? pageSizes
    : [...pageSizes, pageSize].sort((a, b) => a - b);

  let rangeText: string;
  if (range === null) rangeText = t('noRows');
  else if (total === null) rangeText = t('rangeOpen', { from: n(range.from), to: n(range.to) });
  else {
    const values = { from: n(range.from), to: n(range.to), total: n(total) };
    rangeText = totalEstimated ? t('rangeEstimated', values) : t('range', values);
  }

  return (
    <nav
      aria-label={t('pagination')}
      className={cn(
        'flex flex-col gap-3 text-sm sm:flex-row sm:items-center sm:justify-between',
        className,
      )}
    >
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <p className="text-muted-foreground tabular-nums" aria-live="polite">
          {rangeText}
        </p>
        {onPageSizeChange && (
          <div className="flex items-center gap-2">
            <label htmlFor={sizeId} className="whitespace-nowrap text-muted-foreground">
              {t('rowsPerPage')}
            </label>
            <Select
              value={String(pageSize)}
              onValueChange={(value) => onPageSizeChange(Number(value))}
              disabled={disabled}
            >
              <SelectTrigger id={sizeId} className="h-8 w-20">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {sizes.map((size) => (
                  <SelectItem key={size} value={String(size)}>
                    {n(size)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        )}
      </div>
      <div className="flex items-center gap-1">
        <span className="mr-2 whitespace-nowrap tabular-nums">
          {pages === null
            ? t('pageOnly', { page: n(page) })
            : t('pageOf', { page: n(page), pages: n(pages) })}
        </span>
        <Button
          variant="outline"
          size="icon"
          className="size-8"
          aria-label={t('firstPage')}
          disabled={disabled || !canPrevious}
          onClick={() => onPageChange(1)}
        >
          <ChevronsLeft aria-hidden />
        </Button>
        <Button
          variant="outline"
          size="icon"
          className="size-8"
          aria-label={t('previousPage')}
          disabled={disabled || !canPrevious}
          onClick={() => onPageChange(page - 1)}
        >
          <ChevronLeft aria-hidden />
        </Button>
        <Button
          variant="outline"
          size="icon"
          className="size-8"
          aria-label={t('nextPage')}
          disabled={disabled || !canNext}
          onClick={() => onPageChange(page + 1)}
        >
          <ChevronRight aria-hidden />
        </Button>
        <Button
          variant="outline"
          size="icon"
          className="size-8"
          aria-label={t('lastPage')}
          disabled={disabled || pages === null || !canNext}
          onClick={() => pages !== null && onPageChange(pages)}
        >
          <ChevronsRight aria-hidden />
        </Button>
      </div>
    </nav>
  );
}
