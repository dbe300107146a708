'use client';

import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { useFieldsQuery } from '@/lib/client/fields/fields-query';
import type { Field as FieldInfo } from '@/lib/client/fields/types';
import type { Item } from '@/lib/client/items/types';
import { PlainFields } from './plain-fields';

/** Plain fields a person fills in: no alias, no generated key, nothing hidden or read-only. */
export function fillable(fields: FieldInfo[], omit: string[] = []): FieldInfo[] {
  return fields.filter(
    (f) =>
      f.schema !== null &&
      !f.schema.has_auto_increment &&
      !f.schema.is_generated &&
      !f.meta?.hidden &&
      !f.meta?.readonly &&
      !omit.includes(f.field) &&
      !(f.schema.is_primary_key && f.schema.default_value !== null),
  );
}

/**
 * A new related item, filled in a dialog and created with the parent on save (a nested
 * write), so cancelling the parent creates nothing.
 */
export function CreateRelatedDialog({
  collection,
  open,
  onOpenChange,
  omit,
  onCreate,
}: {
  collection: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  omit: string[];
  onCreate: (values: Item) => void;
}) {
  const t = useTranslations('ItemEditor');
  const fields = useFieldsQuery(open ? collection : null);
  const [values, setValues] = useState<Item>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const shown = fillable(fields.data ?? [], omit).filter((f) => !f.schema?.foreign_key_table);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // This form belongs to the outer one in the DOM tree of React portals: keep it local.
    e.stopPropagation();
    const missing: Record<string, string> = {};
    for (const f of shown) {
      const v = values[f.field];
      if (f.meta?.required && (v === null || v === undefined || v === ''))
        missing[f.field] = t('required');
    }
    setErrors(missing);
    if (Object.keys(missing).length) return;
    onCreate(values);
    setValues({});
    onOpenChange(false);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg">
        <form onSubmit={submit} className="flex flex-col gap-4">
          <DialogHeader>
            <DialogTitle>{t('createTitle', { collection })}</DialogTitle>
            <DialogDescription>{t('createDescription')}</DialogDescription>
          </DialogHeader>
          {fields.isLoading && <Skeleton className="h-24 w-full" />}
          <PlainFields
            fields={shown}
            values={values}
            errors={errors}
            onChange={(field, v) => setValues((prev) => ({ ...prev, [field]: v }))}
          />
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={() => onOpenChange(false)}>
              {t('cancel')}
            </Button>
            <Button type="submit">{t('addToList')}</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
