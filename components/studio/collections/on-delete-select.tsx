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
import type { ReferentialAction } from '@/lib/client/collections/schema-types';

export const ON_DELETE_ACTIONS: ReferentialAction[] = [
  'SET NULL',
  'CASCADE',
  'RESTRICT',
  'NO ACTION',
  'SET DEFAULT',
];

const KEY: Record<ReferentialAction, string> = {
  'SET NULL': 'setNull',
  CASCADE: 'cascade',
  RESTRICT: 'restrict',
  'NO ACTION': 'noAction',
  'SET DEFAULT': 'setDefault',
};

/** What happens to the rows pointing at an item when that item is deleted. */
export function OnDeleteSelect({
  label,
  related,
  value,
  onChange,
}: {
  label: string;
  related: string;
  value: ReferentialAction;
  onChange: (value: ReferentialAction) => void;
}) {
  const t = useTranslations('Relations');
  return (
    <Field label={label} hint={t(`onDeleteHint.${KEY[value]}`, { related })}>
      {(control) => (
        <Select value={value} onValueChange={(v) => onChange(v as ReferentialAction)}>
          <SelectTrigger {...control}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {ON_DELETE_ACTIONS.map((a) => (
              <SelectItem key={a} value={a}>
                {t(`onDelete.${KEY[a]}`)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
    </Field>
  );
}
