'use client';

import { Check, X } from 'lucide-react';
import { useTranslations } from 'next-intl';
import type { RuleResult } from '@/lib/client/collections/identifier-rules';
import { cn } from '@/lib/cn';

/** The naming rules under a name input, each ticked or crossed as the user types. */
export function NameRules({ id, results }: { id: string; results: RuleResult[] }) {
  const t = useTranslations('NameRules');
  return (
    <ul id={id} className="flex flex-col gap-1 text-xs">
      {results.map(({ rule, ok }) => (
        <li
          key={rule}
          className={cn(
            'flex items-center gap-1.5',
            ok ? 'text-emerald-700 dark:text-emerald-400' : 'text-muted-foreground',
          )}
        >
          {ok ? (
            <Check aria-hidden className="size-3.5" />
          ) : (
            <X aria-hidden className="size-3.5 text-destructive" />
          )}
          <span>
            <span className="sr-only">{ok ? t('met') : t('notMet')}: </span>
            {t(rule)}
          </span>
        </li>
      ))}
    </ul>
  );
}
