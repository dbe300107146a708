'use client';

import { Pencil, Trash2 } from 'lucide-react';
import { useFormatter, useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { ConfirmDialog } from '@/components/studio/confirm-dialog';
import { useErrorMessage } from '@/components/studio/use-error-message';
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
import { toast } from '@/components/ui/toast';
import { useItemsBatchDeleteMutation } from '@/lib/client/items/items-batch-delete-mutation';
import { useItemsBatchUpdateMutation } from '@/lib/client/items/items-batch-update-mutation';
import { relationalOf } from '@/lib/client/items/relational';
import type { ItemKey } from '@/lib/client/items/types';
import { FieldInput } from './editor/field-input';
import { fillable } from './relations/create-related-dialog';
import type { CollectionSchema } from './use-collection-schema';

/** What the selection allows: set one field on every selected item, or delete them all. */
export function BatchActions({
  schema,
  keys,
  onDone,
}: {
  schema: CollectionSchema;
  keys: ItemKey[];
  onDone: () => void;
}) {
  const t = useTranslations('ItemBrowser');
  const format = useFormatter();
  const errorMessage = useErrorMessage();
  const update = useItemsBatchUpdateMutation(schema.collection);
  const remove = useItemsBatchDeleteMutation(schema.collection);
  const [editing, setEditing] = useState(false);
  const [fieldName, setFieldName] = useState<string>('');
  const [value, setValue] = useState<unknown>(null);
  const count = keys.length;
  // Plain fields only: a relation picked for many items at once is a job for the editor.
  const editable = fillable(schema.fields).filter(
    (f) =>
      !f.schema?.is_primary_key &&
      schema.fieldAllowed('update', f.field) &&
      relationalOf(schema.relations, schema.collection, f.field) === null,
  );
  const field = editable.find((f) => f.field === fieldName);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!field) return;
    update.mutate(
      { primaryKey: schema.primaryKey, keys, values: { [field.field]: value } },
      {
        onSuccess: () => {
          toast({ title: t('batchUpdated', { count }), variant: 'success' });
          setEditing(false);
          onDone();
        },
        onError: (err) =>
          toast({ title: t('batchFailed'), description: errorMessage(err), variant: 'error' }),
      },
    );
  };

  return (
    <div
      role="region"
      aria-label={t('selection')}
      className="mb-3 flex flex-wrap items-center gap-2 rounded-lg border border-primary/30 bg-accent/40 px-3 py-2"
    >
      <p className="mr-auto text-sm font-medium">
        {t('selected', { count, formatted: format.number(count) })}
      </p>
      {schema.canUpdate && editable.length > 0 && (
        <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
          <Pencil aria-hidden />
          {t('batchEdit')}
        </Button>
      )}
      {schema.canDelete && (
        <ConfirmDialog
          title={t('batchDeleteTitle', { count })}
          description={t('batchDeleteDescription', { count })}
          onConfirm={() =>
            remove.mutateAsync({ primaryKey: schema.primaryKey, keys }).then(() => {
              toast({ title: t('batchDeleted', { count }), variant: 'success' });
              onDone();
            })
          }
          trigger={
            <Button variant="outline" size="sm">
              <Trash2 aria-hidden />
              {t('batchDelete')}
            </Button>
          }
        />
      )}
      <Button variant="ghost" size="sm" onClick={onDone}>
        {t('clearSelection')}
      </Button>
      <Dialog open={editing} onOpenChange={setEditing}>
        <DialogContent>
          <form onSubmit={submit} className="flex flex-col gap-4">
            <DialogHeader>
              <DialogTitle>{t('batchEditTitle', { count })}</DialogTitle>
              <DialogDescription>{t('batchEditDescription')}</DialogDescription>
            </DialogHeader>
            <Field label={t('batchField')}>
              {(control) => (
                <Select
                  value={fieldName || undefined}
                  onValueChange={(v) => {
                    setFieldName(v);
                    setValue(null);
                  }}
                >
                  <SelectTrigger {...control}>
                    <SelectValue placeholder={t('batchPickField')} />
                  </SelectTrigger>
                  <SelectContent>
                    {editable.map((f) => (
                      <SelectItem key={f.field} value={f.field}>
                        {f.field}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            </Field>
            {field && (
              <Field label={t('batchValue', { field: field.field })}>
                {(control) => (
                  <FieldInput
                    key={field.field}
                    field={field}
                    label={field.field}
                    value={value}
                    onChange={setValue}
                    control={control}
                  />
                )}
              </Field>
            )}
            <DialogFooter>
              <Button type="button" variant="ghost" onClick={() => setEditing(false)}>
                {t('cancel')}
              </Button>
              <Button type="submit" disabled={!field || update.isPending}>
                {t('batchApply', { count })}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </div>
  );
}
