'use client';

import { Link2, X } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import type { FieldControlProps } from '@/components/ui/field';
import { displayItem, type ItemDisplay } from '@/lib/client/items/display-template';
import type { Item } from '@/lib/client/items/types';
import { ItemPicker } from './item-picker';
import { m2oKey } from './related-model';

/** A many-to-one: shows the chosen item, picks another in a dialog, or clears it. */
export function M2OInput({
  label: fieldLabel,
  related,
  relatedPk,
  display,
  value,
  onChange,
  disabled,
  control,
}: {
  label: string;
  related: string;
  relatedPk: string;
  /** How the chosen item shows (its collection's display template). */
  display: ItemDisplay;
  value: unknown;
  onChange: (v: unknown) => void;
  disabled?: boolean;
  control: FieldControlProps;
}) {
  const t = useTranslations('ItemEditor');
  const [open, setOpen] = useState(false);
  const key = m2oKey(value, relatedPk);
  const label =
    typeof value === 'object' && value !== null ? displayItem(display, value as Item) : '';

  return (
    <div role="group" aria-label={fieldLabel} className="flex flex-wrap items-center gap-2">
      <div
        id={control.id}
        aria-describedby={control['aria-describedby']}
        className="flex min-h-9 min-w-0 flex-1 items-center rounded-md border bg-muted/30 px-3 text-sm"
      >
        {key === null ? (
          <span className="text-muted-foreground">{t('noneSelected')}</span>
        ) : (
          <span className="truncate">
            {label && label !== String(key) ? `${label} ` : ''}
            <span className="font-mono text-xs text-muted-foreground">#{String(key)}</span>
          </span>
        )}
      </div>
      {!disabled && (
        <>
          <Button type="button" variant="outline" size="sm" onClick={() => setOpen(true)}>
            <Link2 aria-hidden />
            {key === null ? t('choose') : t('change')}
          </Button>
          {key !== null && (
            <Button type="button" variant="ghost" size="sm" onClick={() => onChange(null)}>
              <X aria-hidden />
              {t('clear')}
            </Button>
          )}
        </>
      )}
      <ItemPicker
        collection={related}
        open={open}
        onOpenChange={setOpen}
        extraFields={display.fields}
        onPick={(k, item) => onChange({ ...item, [relatedPk]: k })}
      />
    </div>
  );
}
