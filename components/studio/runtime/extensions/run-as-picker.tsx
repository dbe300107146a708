'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { useUserQuery } from '@/lib/client/users/user-query';
import { useUserOptionsQuery } from '@/lib/client/users/user-options-query';
import { userLabel } from '../../kit/user-labels';
import { useDebounced } from '../../kit/use-debounced';

const PUBLIC = 'public';

/**
 * Whose permissions the extension's cron runs use: a user found by search, or none (the
 * public policy, never an administrator's rights).
 */
export function RunAsPicker({
  value,
  onChange,
  error,
}: {
  value: string | null;
  onChange: (value: string | null) => void;
  error?: string;
}) {
  const t = useTranslations('Extensions');
  const [search, setSearch] = useState('');
  const users = useUserOptionsQuery(useDebounced(search));
  const current = useUserQuery(value);
  const options = users.data?.data ?? [];
  const shown =
    current.data && !options.some((u) => u.id === current.data.id)
      ? [current.data, ...options]
      : options;
  return (
    <Field label={t('runAs')} hint={t('runAsHint')} error={error}>
      {(control) => (
        <div className="flex flex-col gap-2">
          <Input
            type="search"
            aria-label={t('runAsSearch')}
            placeholder={t('runAsSearch')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          <Select value={value ?? PUBLIC} onValueChange={(v) => onChange(v === PUBLIC ? null : v)}>
            <SelectTrigger {...control}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={PUBLIC}>{t('runAsPublic')}</SelectItem>
              {shown.map((u) => (
                <SelectItem key={u.id} value={u.id}>
                  {userLabel(u)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      )}
    </Field>
  );
}
