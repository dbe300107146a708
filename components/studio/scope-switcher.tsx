'use client';

import { Network } from 'lucide-react';
import { useTranslations } from 'next-intl';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { useActiveScope } from '@/lib/client/scope/active-scope';
import { setActiveScope } from '@/lib/client/scope/scope-store';
import { useScopesQuery } from '@/lib/client/scope/scopes-query';

const ROOT = '/';

/**
 * Sets the scope every later request carries. Listing scopes is for administrators, so for
 * anyone else (the list is refused) the switcher stays out of the way.
 */
export function ScopeSwitcher() {
  const t = useTranslations('Access.switcher');
  const active = useActiveScope();
  const scopes = useScopesQuery();
  if (!scopes.data || scopes.data.length === 0) return null;
  const depth = (uri: string) => uri.split('/').length - 2;
  return (
    <Select
      value={active ?? ROOT}
      onValueChange={(value) => setActiveScope(value === ROOT ? null : value)}
    >
      <SelectTrigger aria-label={t('label')} className="h-9 w-auto max-w-40 gap-2 sm:max-w-56">
        <Network aria-hidden className="size-4 shrink-0 text-muted-foreground" />
        <SelectValue />
      </SelectTrigger>
      <SelectContent align="end">
        <SelectItem value={ROOT}>{t('root')}</SelectItem>
        {scopes.data.map((s) => (
          <SelectItem key={s.id} value={s.uri}>
            <span style={{ paddingLeft: `${depth(s.uri) * 0.75}rem` }}>{s.name ?? s.uri}</span>
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
