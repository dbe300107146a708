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

/** Radix Select has no empty value, so "none" is this sentinel. */
export const NONE = '__none__';

/** A labelled select over a list of names (fields, collections) with a "none" entry. */
export function FieldSelect({
  label,
  hint,
  value,
  onChange,
  options,
  labels,
  allowNone = true,
  disabled,
  required,
  error,
}: {
  label: string;
  hint?: string;
  value: string;
  onChange: (value: string) => void;
  options: string[];
  /** Shown instead of an option's value, for options that are not plain names. */
  labels?: Record<string, string>;
  allowNone?: boolean;
  disabled?: boolean;
  required?: boolean;
  error?: string;
}) {
  const t = useTranslations('DataModel');
  return (
    <Field label={label} hint={hint} required={required} error={error}>
      {(control) => (
        <Select value={value} onValueChange={onChange} disabled={disabled}>
          <SelectTrigger {...control}>
            <SelectValue placeholder={t('choose')} />
          </SelectTrigger>
          <SelectContent>
            {allowNone && <SelectItem value={NONE}>{t('none')}</SelectItem>}
            {options.map((o) => (
              <SelectItem key={o} value={o}>
                {labels?.[o] ?? o}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
    </Field>
  );
}
