'use client';

import { useTranslations } from 'next-intl';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import type { ScopeItem } from '@/lib/client/access/types';

export const ROOT = 'root';

/** Picks a scope by id, or the root scope (`ROOT`). */
export function ScopeSelect({
  scopes,
  value,
  onChange,
  label,
  id,
}: {
  scopes: ScopeItem[];
  value: string;
  onChange: (value: string) => void;
  label?: string;
  id?: string;
}) {
  const t = useTranslations('Access.grants');
  return (
    <Select value={value} onValueChange={onChange}>
      <SelectTrigger id={id} aria-label={label ?? t('scope')}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={ROOT}>{t('rootScope')}</SelectItem>
        {scopes.map((s) => (
          <SelectItem key={s.id} value={s.id}>
            {s.name ? `${s.name} (${s.uri})` : s.uri}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

export function scopeLabel(scopes: ScopeItem[] | undefined, id: string | null, root: string) {
  if (!id) return root;
  const found = scopes?.find((s) => s.id === id);
  return found ? found.uri : id;
}
