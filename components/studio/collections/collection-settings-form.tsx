'use client';

import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { CollectionIcon } from '@/components/studio/kit/collection-icon';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { useCollectionUpdateMutation } from '@/lib/client/collections/collection-update-mutation';
import {
  metaOf,
  type Collection,
  type Field as SchemaField,
} from '@/lib/client/collections/schema-types';
import { useFieldUpdateMutation } from '@/lib/client/fields/field-update-mutation';
import { useFieldsQuery } from '@/lib/client/fields/fields-query';
import { FieldSelect, NONE } from './field-select';
import { useSchemaSave } from './use-schema-save';
import { TemplateInput } from './template-input';

const SEARCHABLE_TYPES = new Set(['string', 'text', 'csv', 'json']);

/** Text fields are searched unless switched off; json only when switched on (search rules). */
function isSearchable(f: SchemaField): boolean {
  return f.type === 'json' ? f.meta?.searchable === true : f.meta?.searchable !== false;
}

export function CollectionSettingsForm({
  collection,
  collections,
}: {
  collection: Collection;
  collections: Collection[];
}) {
  const t = useTranslations('CollectionSettings');
  const name = collection.collection;
  const meta = metaOf(collection);
  const fields = useFieldsQuery(name);
  const update = useSchemaSave(useCollectionUpdateMutation(), (v) => ({
    key: 'collectionUpdated',
    name: v.collection,
  }));
  const updateField = useSchemaSave(useFieldUpdateMutation(), () => null);
  const readOnly = collection.system;
  const folder = collection.schema === null;

  const [icon, setIcon] = useState(meta?.icon ?? '');
  const [note, setNote] = useState(meta?.note ?? '');
  const [template, setTemplate] = useState(meta?.display_template ?? '');
  const [hidden, setHidden] = useState(meta?.hidden ?? false);
  const [singleton, setSingleton] = useState(meta?.singleton ?? false);
  const [group, setGroup] = useState(meta?.group ?? NONE);
  const [sortField, setSortField] = useState(meta?.sort_field ?? NONE);
  const [archiveField, setArchiveField] = useState(meta?.archive_field ?? NONE);
  const [archiveValue, setArchiveValue] = useState(meta?.archive_value ?? '');
  const [unarchiveValue, setUnarchiveValue] = useState(meta?.unarchive_value ?? '');
  const [searchable, setSearchable] = useState<Record<string, boolean>>({});

  const columns = (fields.data ?? []).filter((f) => f.schema);
  const searchCandidates = columns.filter((f) => SEARCHABLE_TYPES.has(f.type));
  const folders = collections
    .filter((c) => c.schema === null && !c.system && c.collection !== name)
    .map((c) => c.collection);
  const saving = update.isPending || updateField.isPending;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const orNull = (v: string) => (v === NONE || v.trim() === '' ? null : v.trim());
    await update.mutateAsync({
      collection: name,
      meta: {
        icon: orNull(icon),
        note: orNull(note),
        display_template: orNull(template),
        hidden,
        singleton,
        group: orNull(group),
        sort_field: orNull(sortField),
        archive_field: orNull(archiveField),
        archive_value: orNull(archiveValue),
        unarchive_value: orNull(unarchiveValue),
      },
    });
    for (const f of searchCandidates) {
      const want = searchable[f.field];
      if (want === undefined || want === isSearchable(f)) continue;
      await updateField.mutateAsync({
        collection: name,
        field: f.field,
        body: { meta: { searchable: want } },
      });
    }
    setSearchable({});
  }

  return (
    <form onSubmit={(e) => void submit(e).catch(() => undefined)} className="flex flex-col gap-6">
      <fieldset
        disabled={readOnly}
        className="grid gap-4 rounded-xl border bg-card p-5 sm:grid-cols-2"
      >
        <legend className="sr-only">{t('general')}</legend>
        <Field label={t('icon')} hint={t('iconHint')}>
          {(control) => (
            <div className="flex items-center gap-2">
              <span
                aria-hidden
                className="grid size-9 shrink-0 place-items-center rounded-md border bg-muted/40"
              >
                <CollectionIcon name={icon} className="size-4" />
              </span>
              <Input
                {...control}
                value={icon}
                onChange={(e) => setIcon(e.target.value)}
                placeholder="newspaper"
              />
            </div>
          )}
        </Field>
        <Field label={t('note')} hint={t('noteHint')}>
          <Input value={note} onChange={(e) => setNote(e.target.value)} />
        </Field>
        {!folder && (
          <Field
            label={t('displayTemplate')}
            hint={t('displayTemplateHint')}
            className="sm:col-span-2"
          >
            {(control) => (
              <TemplateInput
                collection={name}
                value={template}
                onChange={setTemplate}
                control={control}
              />
            )}
          </Field>
        )}
        <FieldSelect label={t('folder')} value={group} onChange={setGroup} options={folders} />
        <div className="flex flex-col gap-3 sm:pt-7">
          <div className="flex items-center gap-2.5">
            <Switch id="settings-hidden" checked={hidden} onCheckedChange={setHidden} />
            <Label htmlFor="settings-hidden">{t('hidden')}</Label>
          </div>
          {!folder && (
            <div className="flex items-center gap-2.5">
              <Switch id="settings-singleton" checked={singleton} onCheckedChange={setSingleton} />
              <Label htmlFor="settings-singleton">{t('singleton')}</Label>
            </div>
          )}
        </div>
      </fieldset>
      {!folder && (
        <fieldset
          disabled={readOnly}
          className="grid gap-4 rounded-xl border bg-card p-5 sm:grid-cols-2"
        >
          <legend className="px-1 text-sm font-semibold">{t('sortAndArchive')}</legend>
          <FieldSelect
            label={t('sortField')}
            hint={t('sortFieldHint')}
            value={sortField}
            onChange={setSortField}
            options={columns
              .filter((f) => ['integer', 'bigInteger', 'float', 'decimal'].includes(f.type))
              .filter((f) => !f.schema?.is_primary_key)
              .map((f) => f.field)}
          />
          <FieldSelect
            label={t('archiveField')}
            hint={t('archiveFieldHint')}
            value={archiveField}
            onChange={setArchiveField}
            options={columns.filter((f) => !f.schema?.is_primary_key).map((f) => f.field)}
          />
          <Field label={t('archiveValue')}>
            <Input
              value={archiveValue}
              disabled={archiveField === NONE}
              onChange={(e) => setArchiveValue(e.target.value)}
            />
          </Field>
          <Field label={t('unarchiveValue')}>
            <Input
              value={unarchiveValue}
              disabled={archiveField === NONE}
              onChange={(e) => setUnarchiveValue(e.target.value)}
            />
          </Field>
        </fieldset>
      )}
      {!folder && (
        <fieldset disabled={readOnly} className="flex flex-col gap-3 rounded-xl border bg-card p-5">
          <legend className="px-1 text-sm font-semibold">{t('searchable')}</legend>
          <p className="text-xs text-muted-foreground">{t('searchableHint')}</p>
          {searchCandidates.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('noSearchable')}</p>
          ) : (
            <div className="grid gap-2 sm:grid-cols-3">
              {searchCandidates.map((f) => (
                <div key={f.field} className="flex items-center gap-2.5">
                  <Checkbox
                    id={`searchable-${f.field}`}
                    checked={searchable[f.field] ?? isSearchable(f)}
                    onCheckedChange={(c) => setSearchable((s) => ({ ...s, [f.field]: c === true }))}
                  />
                  <Label htmlFor={`searchable-${f.field}`} className="font-mono">
                    {f.field}
                  </Label>
                </div>
              ))}
            </div>
          )}
        </fieldset>
      )}
      {!readOnly && (
        <div>
          <Button type="submit" disabled={saving}>
            {saving && <Spinner />}
            {t('save')}
          </Button>
        </div>
      )}
    </form>
  );
}
