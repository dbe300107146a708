'use client';

import { useTranslations } from 'next-intl';
import { Field } from '@/components/ui/field';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { useExtensionOptionsQuery } from '@/lib/client/runtime/extension-options-query';
import type { ExtensionType } from '@/lib/client/runtime/types';

const NONE = 'none';

/** Picks an extension of one type (a cron job's operation, a service's code), or none. */
export function ExtensionSelect({
  type,
  label,
  hint,
  noneLabel,
  value,
  onChange,
  error,
}: {
  type: ExtensionType;
  label: string;
  hint: string;
  noneLabel: string;
  value: string | null;
  onChange: (value: string | null) => void;
  error?: string;
}) {
  const t = useTranslations('Runtime');
  const options = useExtensionOptionsQuery(type);
  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => (
        <Select value={value ?? NONE} onValueChange={(v) => onChange(v === NONE ? null : v)}>
          <SelectTrigger {...control}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={NONE}>{noneLabel}</SelectItem>
            {(options.data ?? []).map((ext) => (
              <SelectItem key={ext.id} value={ext.id}>
                {ext.enabled ? ext.name : t('disabledName', { name: ext.name })}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
    </Field>
  );
}
