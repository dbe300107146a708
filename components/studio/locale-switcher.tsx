'use client';

import { Languages } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { Link, usePathname } from '@/lib/i18n/navigation';
import { routing } from '@/lib/i18n/routing';
import { cn } from '@/lib/cn';

/** Links to the current page in each studio language. */
export function LocaleSwitcher({ className }: { className?: string }) {
  const t = useTranslations('Common');
  const current = useLocale();
  const pathname = usePathname();
  return (
    <nav aria-label={t('language')} className={cn('flex items-center gap-1 text-xs', className)}>
      <Languages aria-hidden className="mr-1 size-3.5 text-muted-foreground" />
      {routing.locales.map((locale) => (
        <Link
          key={locale}
          href={pathname}
          locale={locale}
          lang={locale}
          aria-current={locale === current ? 'true' : undefined}
          className={cn(
            'rounded px-1.5 py-0.5 text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring',
            locale === current && 'bg-accent font-medium text-accent-foreground',
          )}
        >
          {t(`localeNames.${locale}`)}
        </Link>
      ))}
    </nav>
  );
}
