import { Database } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { cn } from '@/lib/cn';

/** The product mark: a rounded tile with the database glyph beside the name. */
export function BrandMark({
  className,
  inverted = false,
}: {
  className?: string;
  inverted?: boolean;
}) {
  const t = useTranslations('Common');
  return (
    <span className={cn('inline-flex items-center gap-2 font-semibold tracking-tight', className)}>
      <span
        aria-hidden
        className={cn(
          'grid size-8 place-items-center rounded-lg shadow-sm',
          inverted
            ? 'bg-white/15 text-white ring-1 ring-white/25'
            : 'bg-primary text-primary-foreground',
        )}
      >
        <Database className="size-4" />
      </span>
      <span className="text-lg">{t('brand')}</span>
    </span>
  );
}
