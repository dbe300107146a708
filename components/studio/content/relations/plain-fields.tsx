'use client';

import { useLocale } from 'next-intl';
import { Field } from '@/components/ui/field';
import { fieldLabel } from '@/lib/client/fields/field-label';
import type { Field as FieldInfo } from '@/lib/client/fields/types';
import type { Item } from '@/lib/client/items/types';
import { FieldInput } from '../editor/field-input';

/** Labelled inputs for plain (non-relational) fields: a related item's small form. */
export function PlainFields({
  fields,
  values,
  errors = {},
  onChange,
  disabled,
}: {
  fields: readonly FieldInfo[];
  values: Item;
  errors?: Record<string, string>;
  onChange: (field: string, value: unknown) => void;
  disabled?: boolean;
}) {
  const locale = useLocale();
  return fields.map((f) => (
    <Field
      key={f.field}
      label={fieldLabel(f, locale)}
      required={f.meta?.required === true}
      error={errors[f.field]}
      hint={f.meta?.note ?? undefined}
    >
      {(control) => (
        <FieldInput
          field={f}
          label={fieldLabel(f, locale)}
          control={control}
          value={values[f.field] ?? null}
          onChange={(v) => onChange(f.field, v)}
          disabled={disabled}
        />
      )}
    </Field>
  ));
}
