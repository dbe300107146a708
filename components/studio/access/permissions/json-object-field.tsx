'use client';

import { useTranslations } from 'next-intl';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { parseJsonObject } from './rule-state';

/** A JSON object typed by hand, checked as it is typed (empty means none). */
export function JsonObjectField({
  label,
  hint,
  value,
  onChange,
  placeholder,
}: {
  label: string;
  hint?: string;
  value: string;
  onChange: (text: string) => void;
  placeholder?: string;
}) {
  const t = useTranslations('Access.rule');
  const { error } = parseJsonObject(value);
  return (
    <Field label={label} hint={hint} error={error ? t(`jsonError.${error}`) : undefined}>
      <Textarea
        value={value}
        rows={4}
        spellCheck={false}
        placeholder={placeholder}
        className="font-mono text-xs"
        onChange={(e) => onChange(e.target.value)}
      />
    </Field>
  );
}
