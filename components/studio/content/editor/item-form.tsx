'use client';

import { History, Trash2 } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ConfirmDialog } from '@/components/studio/kit/confirm-dialog';
import { FormAlert } from '@/components/studio/kit/form-alert';
import { useSave } from '@/components/studio/kit/use-save';
import { Button } from '@/components/ui/button';
import type { ApiFieldError } from '@/lib/client/fetcher';
import { useItemDeleteMutation } from '@/lib/client/items/item-delete-mutation';
import { useItemFormSaveMutation } from '@/lib/client/items/item-form-save-mutation';
import { can } from '@/lib/client/permissions/can';
import { usePermissionsMeQuery } from '@/lib/client/permissions/permissions-me-query';
import { useActiveScope } from '@/lib/client/scope/active-scope';
import type { Item, ItemKey } from '@/lib/client/items/types';
import { useRouter } from '@/lib/i18n/navigation';
import type { CollectionSchema } from '../use-collection-schema';
import { isServerDefault } from './defaults';
import { FormField } from './form-field';
import { buildPayload, missingRequired } from './payload';
import { ItemActivity } from './item-activity';
import { RevisionsDrawer } from './revisions-drawer';
import type { EditorField } from './use-editor-schema';
import { LeaveDialog, useLeaveGuard } from '@/components/studio/kit/leave-guard';
import { FormLayout } from './form-layout';
import { CommentsButton } from './item-comments';
import { SaveMenu, saveModes, type SaveMode } from './save-menu';
import { useConditionedFields } from './use-conditioned-fields';
import { useSaveAsCopy } from './use-save-as-copy';

/** Problem types the item form words itself (messages `ItemEditor.fieldError.<type>`). */
const FIELD_ERROR_TYPES = [
  'required',
  'unique',
  'invalid_type',
  'invalid',
  'max_length',
  'range',
  'foreign_key',
  'validation',
] as const;

/**
 * The form of one item, generated from its fields. Saves only what changed; Ctrl/Cmd+S
 * saves; leaving with unsaved changes asks first; server errors land on their field.
 */
export function ItemForm({
  schema,
  fields,
  itemKey,
  initial,
  singleton,
  version = null,
  onDirtyChange,
}: {
  schema: CollectionSchema;
  fields: EditorField[];
  /** null: a new item (or a singleton's first save). */
  itemKey: ItemKey | null;
  initial: Item;
  singleton: boolean;
  /** A content version being edited: saves go into its draft, not to the item. */
  version?: { id: string } | null;
  /** Told whenever the form gains or loses unsaved edits. */
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const t = useTranslations('ItemEditor');
  const router = useRouter();
  const [values, setValues] = useState<Item>(initial);
  // What the item's values make of each field now (its conditions), hidden ones left out.
  const { shown, vars } = useConditionedFields(fields, values);
  const shownNames = new Set(shown.map((f) => f.field.field));
  // The studio's words for what the server found wrong with a field, in the user's language;
  // a validation rule's operator (`_eq`...) reads as a broken rule.
  const fieldWording = ({ type }: ApiFieldError) => {
    const key = type.startsWith('_') ? 'validation' : type;
    return (FIELD_ERROR_TYPES as readonly string[]).includes(key)
      ? t(`fieldError.${key as (typeof FIELD_ERROR_TYPES)[number]}`)
      : undefined;
  };
  const save = useSave(useItemFormSaveMutation(schema.collection, version?.id ?? null), {
    saved: ({ key }) => (version ? t('savedToVersion') : key === null ? t('created') : t('saved')),
    failed: t('saveFailed'),
    invalid: t('fixErrors'),
    wording: fieldWording,
    // Only the fields this form shows now can carry a message; the alert says the rest.
    mapFields: (found) =>
      Object.fromEntries(Object.entries(found).filter(([name]) => shownNames.has(name))),
  });
  // The confirmation shows a failure itself: the toast says only that it worked.
  const remove = useSave(useItemDeleteMutation(schema.collection), {
    saved: t('deleted'),
    failed: t('deleteFailed'),
    inline: true,
  });
  const [historyOpen, setHistoryOpen] = useState(false);
  // Revisions are for administrators; others who may read the activity log see that instead.
  const canReadActivity = can(
    usePermissionsMeQuery(useActiveScope()).data,
    'daas_activity',
    'read',
  );
  const formRef = useRef<HTMLFormElement>(null);
  const isNew = itemKey === null;
  const payload = buildPayload(fields, initial, values, isNew);
  // A new item starts from its defaults: only what the person changed makes it unsaved.
  const dirty = isNew
    ? JSON.stringify(values) !== JSON.stringify(initial)
    : Object.keys(payload).length > 0;
  const guard = useLeaveGuard(dirty && !save.isPending);
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);
  const canWrite = isNew ? schema.canCreate : schema.canUpdate;
  const base = `/content/${encodeURIComponent(schema.collection)}`;

  const saveCopy = useSaveAsCopy(schema, fields, values, vars);
  // The keyboard handler is bound once; it calls whatever the latest render's save is.
  const saveRef = useRef<(mode: SaveMode) => void>(() => undefined);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
        e.preventDefault();
        if (e.shiftKey && !singleton) saveRef.current('new');
        else formRef.current?.requestSubmit();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [singleton]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // Dialogs render through portals, but their submit events still bubble here in React.
    if (e.target === formRef.current) saveAs('stay');
  };

  const saveAs = (mode: SaveMode) => {
    if (mode === 'copy') return saveCopy.run();
    if (!canWrite || save.isPending) return;
    const missing = missingRequired(shown, values, isNew);
    if (!save.check(Object.fromEntries(missing.map((f) => [f, t('required')])))) return;
    if (!dirty && !isNew) return;
    // The save refreshes the item, which starts this form over: what follows a save (leaving
    // for the list, a new form) must not depend on the form still being there.
    save.mutateAsync({ key: itemKey, values: payload }).then(
      (saved) => {
        if (mode === 'return') return router.push(base);
        if (mode === 'new' && isNew) {
          // Already on the new item's form: start it over for the next one.
          setValues(initial);
          return;
        }
        if (mode === 'new') return router.push(`${base}/+`);
        if (isNew && !singleton) {
          const key = saved[schema.primaryKey];
          router.replace(`${base}/${encodeURIComponent(String(key))}`);
        }
      },
      () => undefined, // told by the toast, the alert and the fields
    );
  };

  useEffect(() => {
    saveRef.current = saveAs;
  });

  /** A default the database computes on insert (`now()`): the field stays empty, and says so. */
  const serverDefaultHint = (ef: EditorField) => {
    const d = ef.field.schema?.default_value;
    return isServerDefault(d) && !ef.field.schema?.is_primary_key
      ? t('serverDefault', { expression: d })
      : undefined;
  };

  const set = (name: string, value: unknown) => {
    setValues((prev) => ({ ...prev, [name]: value }));
    save.clearField(name);
  };
  const errors = save.errors.fields;
  // Problems on fields: the fields say which; else the server's reason.
  const formError = Object.keys(errors).length ? t('fixErrors') : save.message;

  return (
    <form
      ref={formRef}
      onSubmit={submit}
      noValidate
      aria-label={t('formLabel')}
      className="flex flex-col gap-6"
    >
      <div className="sticky top-14 z-20 -mx-1 flex flex-wrap items-center gap-2 border-b bg-background/95 px-1 py-3 backdrop-blur">
        <p
          className="mr-auto basis-full text-sm text-muted-foreground sm:basis-auto"
          aria-live="polite"
        >
          {!canWrite ? t('readOnly') : dirty ? t('unsaved') : isNew ? t('newHint') : t('upToDate')}
        </p>
        {(schema.admin || canReadActivity) && !isNew && (
          <Button type="button" variant="outline" size="sm" onClick={() => setHistoryOpen(true)}>
            <History aria-hidden />
            {t('history')}
          </Button>
        )}
        {!isNew && (
          <CommentsButton
            collection={schema.collection}
            itemKey={String(itemKey)}
            admin={schema.admin}
          />
        )}
        {!isNew && !singleton && schema.canDelete && (
          <ConfirmDialog
            title={t('deleteTitle')}
            description={t('deleteDescription', { key: String(itemKey) })}
            onConfirm={() => remove.mutateAsync(itemKey).then(() => router.replace(base))}
            trigger={
              <Button type="button" variant="outline" size="sm">
                <Trash2 aria-hidden />
                {t('delete')}
              </Button>
            }
          />
        )}
        {canWrite && (
          <SaveMenu
            pending={save.isPending || saveCopy.isPending}
            canSave={dirty || isNew}
            modes={saveModes({ singleton, isNew, canCreate: schema.canCreate })}
            onSave={saveAs}
          />
        )}
      </div>
      {formError && <FormAlert>{formError}</FormAlert>}
      <FormLayout
        fields={shown}
        values={values}
        errors={errors}
        renderField={(ef) => (
          <FormField
            schema={schema}
            ef={ef}
            isNew={isNew}
            itemKey={itemKey}
            value={values[ef.field.field]}
            error={errors[ef.field.field]}
            hint={isNew ? serverDefaultHint(ef) : undefined}
            onChange={(v) => set(ef.field.field, v)}
          />
        )}
      />
      {!schema.admin && canReadActivity && !isNew && (
        <ItemActivity
          open={historyOpen}
          onOpenChange={setHistoryOpen}
          collection={schema.collection}
          itemKey={String(itemKey)}
        />
      )}
      {schema.admin && !isNew && (
        <RevisionsDrawer
          open={historyOpen}
          onOpenChange={setHistoryOpen}
          collection={schema.collection}
          itemKey={String(itemKey)}
          current={initial}
          fields={fields}
        />
      )}
      <LeaveDialog guard={guard} namespace="ItemEditor" />
    </form>
  );
}
