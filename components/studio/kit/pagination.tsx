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
import { cn } from '@/lib/cn';
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
  /**
   * Rows the current page holds. With an estimated total it decides alone: a full page
   * always allows a next one (an estimate may be far too low) and a short page is the end.
   */
  pageRows?: number;
  onPageChange: (page: number) => void;
  /** Shows the rows-per-page select; changing size should go back to page 1. */
  onPageSizeChange?: (pageSize: number) => void;
  pageSizes?: readonly number[];
  /** Disables every control (for example while the page loads). */
  disabled?: boolean;
  className?: string;
  /** The navigation's name, when a page holds more than one pager. */
  label?: string;
  /** Offers a field to go straight to a page number. */
  jump?: boolean;
}

/** A page number typed in and confirmed with Enter, kept within the known pages. */
function PageJump({
  page,
  pages,
  disabled,
  onPageChange,
}: {
  page: number;
  pages: number | null;
  disabled: boolean;
  onPageChange: (page: number) => void;
}) {
  const t = useTranslations('Shared');
  return (
    <form
      key={page}
      className="mr-1"
      onSubmit={(e) => {
        e.preventDefault();
        const raw = Number(new FormData(e.currentTarget).get('page'));
        if (!Number.isInteger(raw) || raw < 1) return;
        const target = pages === null ? raw : Math.min(raw, Math.max(1, pages));
        if (target !== page) onPageChange(target);
      }}
    >
      <input
        name="page"
        type="number"
        inputMode="numeric"
        min={1}
        max={pages ?? undefined}
        defaultValue={page}
        disabled={disabled}
        aria-label={t('goToPage')}
        className="h-8 w-20 rounded-md border bg-background px-2 text-right tabular-nums outline-none focus-visible:ring-2 focus-visible:ring-ring"
      />
    </form>
  );
}

function openRange(page: number, pageSize: number, rows: number) {
  const from = (page - 1) * pageSize + 1;
  return rows > 0 ? { from, to: from + rows - 1 } : null;
}

/** Controls for server-side paging: the range shown, rows per page, first/prev/next/last. */
export function Pagination({
  page,
  pageSize,
  total,
  totalEstimated = false,
  hasMore = false,
  pageRows,
  onPageChange,
  onPageSizeChange,
  pageSizes = DEFAULT_PAGE_SIZES,
  disabled = false,
  className,
  label,
  jump = false,
}: PaginationProps) {
  const t = useTranslations('Shared');
  const format = useFormatter();
  const sizeId = useId();
  // An estimate only labels the pages; the rows that came back say where the end is.
  const open = totalEstimated && pageRows !== undefined;
  const pages = pageCount(total, pageSize);
  const range = open ? openRange(page, pageSize, pageRows) : pageRange(page, pageSize, total);
  const n = (value: number) => format.number(value);

  const canPrevious = page > 1;
  const canNext = open ? pageRows >= pageSize : pages === null ? hasMore : page < pages;
  const sizes = pageSizes.includes(pageSize)
    ? pageSizes
    : [...pageSizes, pageSize].sort((a, b) => a - b);

  let rangeText: string;
  if (range === null) rangeText = t('noRows');
  else if (total === null) rangeText = t('rangeOpen', { from: n(range.from), to: n(range.to) });
  else {
    const values = { from: n(range.from), to: n(range.to), total: n(Math.max(total, range.to)) };
    rangeText = totalEstimated ? t('rangeEstimated', values) : t('range', values);
  }

  return (
    <nav
      aria-label={label ?? t('pagination')}
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
        {jump && (
          <PageJump
            page={page}
            pages={open ? null : pages}
            disabled={disabled}
            onPageChange={onPageChange}
          />
        )}
        <span className="mr-2 whitespace-nowrap tabular-nums">
          {pages === null || (open && page >= pages)
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
          disabled={disabled || pages === null || page >= pages}
          onClick={() => pages !== null && onPageChange(pages)}
        >
          <ChevronsRight aria-hidden />
        </Button>
      </div>
    </nav>
  );
}
