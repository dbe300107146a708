'use client';

import { useLocale } from 'next-intl';
import { Field } from '@/components/ui/field';
import { fieldLabel } from '@/lib/client/fields/field-label';
import type { ItemKey } from '@/lib/client/items/types';
import type { CollectionSchema } from '../use-collection-schema';
import { FileInput } from '@/components/studio/files/file-input';
import { M2OInput } from '../relations/m2o-input';
import { RelatedList } from '../relations/related-list';
import { isRelatedChanges } from '../relations/related-model';
import { isJunctionField, JunctionField } from '../relations/junction-field';
import { FieldInput } from './field-input';
import type { EditorField } from './use-editor-schema';

/** Whether the caller may write this field now: permission, read-only flag, key rules. */
function writable(schema: CollectionSchema, ef: EditorField, isNew: boolean): boolean {
  const f = ef.field;
  if (f.meta?.readonly) return false;
  if (f.schema?.is_primary_key)
    return isNew && !f.schema.has_auto_increment && f.schema.default_value === null;
  if (f.schema?.is_generated) return false;
  return isNew
    ? schema.canCreate && schema.fieldAllowed('create', f.field)
    : schema.canUpdate && schema.fieldAllowed('update', f.field);
}

/** One labelled field of the item form, with its note and its error. */
export function FormField({
  schema,
  ef,
  isNew,
  itemKey,
  value,
  error,
  hint: extraHint,
  onChange,
}: {
  schema: CollectionSchema;
  ef: EditorField;
  isNew: boolean;
  /** The item's key (null for a new item): one-to-many lists read what links to it. */
  itemKey: ItemKey | null;
  value: unknown;
  error: string | undefined;
  /** Said under the field besides its note (a default the server fills in, say). */
  hint?: string;
  onChange: (v: unknown) => void;
}) {
  const locale = useLocale();
  const f = ef.field;
  // A new item without a generated key shows no key field to fill in when it has a default.
  if (isNew && f.schema?.is_primary_key && f.schema.has_auto_increment) return null;
  const disabled = !writable(schema, ef, isNew);
  const label = fieldLabel(f, locale);
  const hint = [f.meta?.note, extraHint].filter(Boolean).join(' ') || undefined;
  const rel = ef.rel;

  if (isJunctionField(schema.relations, schema.collection, ef)) {
    const where = { relations: schema.relations, collection: schema.collection, ef, label, hint };
    return <JunctionField {...where} {...{ error, itemKey, value, onChange, disabled }} />;
  }
  if (rel?.kind === 'o2m' || rel?.kind === 'm2m') {
    return (
      <div className="flex flex-col gap-2">
        <span className="text-sm font-medium">{label}</span>
        <RelatedList
          label={label}
          rel={rel}
          parentKey={isNew ? null : itemKey}
          relatedPk={ef.relatedPk}
          junctionPk={ef.junctionPk}
          display={ef.display}
          changes={isRelatedChanges(value) ? value : undefined}
          onChange={onChange}
          disabled={disabled}
          canCreateRelated
        />
        {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
        {error && <p className="text-xs font-medium text-destructive">{error}</p>}
      </div>
    );
  }

  return (
    <Field label={label} hint={hint} error={error} required={f.meta?.required === true}>
      {(control) =>
        rel?.kind === 'm2o' && rel.related === 'daas_files' ? (
          <FileInput
            label={label}
            value={value}
            onChange={onChange}
            disabled={disabled}
            control={control}
            image={f.meta?.interface === 'file-image'}
          />
        ) : rel?.kind === 'm2o' ? (
          <M2OInput
            label={label}
            related={rel.related}
            relatedPk={ef.relatedPk}
            display={ef.display}
            value={value}
            onChange={onChange}
            disabled={disabled}
            control={control}
          />
        ) : (
          <FieldInput
            field={f}
            label={label}
            value={value ?? null}
            onChange={onChange}
            control={control}
            disabled={disabled}
          />
        )
      }
    </Field>
  );
}
