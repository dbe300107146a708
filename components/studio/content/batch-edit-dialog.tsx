'use client';

import { Plus, X } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
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
import { Field } from '@/components/ui/field';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { fieldLabel } from '@/lib/client/fields/field-label';
import type { Field as FieldInfo } from '@/lib/client/fields/types';
import type { Item } from '@/lib/client/items/types';
import { FieldInput } from './editor/field-input';

/**
 * Values for several fields at once: each row picks a field (one not picked yet) and the
 * value every selected item gets.
 */
export function BatchEditDialog({
  open,
  onOpenChange,
  fields,
  title,
  applyLabel,
  onApply,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  fields: FieldInfo[];
  title: string;
  applyLabel: string;
  onApply: (values: Item) => void;
}) {
  const t = useTranslations('ItemBrowser');
  const locale = useLocale();
  const [rows, setRows] = useState<{ field: string; value: unknown }[]>([
    { field: '', value: null },
  ]);
  const picked = rows.map((r) => r.field).filter(Boolean);
  const ready = picked.length > 0 && picked.length === rows.length;

  const setRow = (index: number, patch: Partial<{ field: string; value: unknown }>) =>
    setRows((all) => all.map((r, i) => (i === index ? { ...r, ...patch } : r)));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!ready) return;
    onApply(Object.fromEntries(rows.map((r) => [r.field, r.value])));
    setRows([{ field: '', value: null }]);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <form onSubmit={submit} className="flex flex-col gap-4">
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{t('batchEditDescription')}</DialogDescription>
          </DialogHeader>
          {rows.map((row, index) => {
            const field = fields.find((f) => f.field === row.field);
            const choosable = fields.filter(
              (f) => f.field === row.field || !picked.includes(f.field),
            );
            return (
              <div key={index} className="flex flex-col gap-3 rounded-md border p-3">
                <div className="flex items-end gap-2">
                  <Field label={t('batchField')} className="flex-1">
                    {(control) => (
                      <Select
                        value={row.field || undefined}
                        onValueChange={(v) => setRow(index, { field: v, value: null })}
                      >
                        <SelectTrigger {...control}>
                          <SelectValue placeholder={t('batchPickField')} />
                        </SelectTrigger>
                        <SelectContent>
                          {choosable.map((f) => (
                            <SelectItem key={f.field} value={f.field}>
                              {fieldLabel(f, locale)}
                            </SelectItem>
                          ))}
                        </SelectContent>
                      </Select>
                    )}
                  </Field>
                  {rows.length > 1 && (
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      aria-label={t('batchRemoveField', {
                        field: field ? fieldLabel(field, locale) : index + 1,
                      })}
                      onClick={() => setRows((all) => all.filter((_, i) => i !== index))}
                    >
                      <X aria-hidden />
                    </Button>
                  )}
                </div>
                {field && (
                  <Field label={t('batchValue', { field: fieldLabel(field, locale) })}>
                    {(control) => (
                      <FieldInput
                        key={field.field}
                        field={field}
                        label={fieldLabel(field, locale)}
                        value={row.value}
                        onChange={(value) => setRow(index, { value })}
                        control={control}
                      />
                    )}
                  </Field>
                )}
              </div>
            );
          })}
          {rows.length < fields.length && (
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="self-start"
              disabled={!ready}
              onClick={() => setRows((all) => [...all, { field: '', value: null }])}
            >
              <Plus aria-hidden />
              {t('batchAddField')}
            </Button>
          )}
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={() => onOpenChange(false)}>
              {t('cancel')}
            </Button>
            <Button type="submit" disabled={!ready}>
              {applyLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
