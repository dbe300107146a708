'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useFieldsQuery } from '@/lib/client/fields/fields-query';
import type { FieldRelation } from '@/lib/client/relations/relation-kind';
import { useRelationSortMutation } from '@/lib/client/relations/relation-sort-mutation';
import { FieldSelect, NONE } from './field-select';
import { useSchemaSave } from './use-schema-save';

// Radix Select values are strings: this one stands for "add a `sort` field for me".
const CREATE = '__create_sort__';
const SORT = 'sort';

/**
 * The sort field of a one-to-many or many-to-many (Directus's "Sort Field"): an integer
 * field on the many side that holds each linked item's place, so editors can reorder the
 * list. A junction without one can get a `sort` field added.
 */
export function SortFieldEditor({ relation }: { relation: FieldRelation }) {
  const t = useTranslations('Relations');
  const { collection, field, meta } = relation.relation;
  const fields = useFieldsQuery(collection);
  const update = useSchemaSave(useRelationSortMutation(), (v) => ({
    key: 'relationSortSaved',
    name: `${v.collection}.${v.field}`,
  }));
  const current = meta?.sort_field ?? NONE;
  const [value, setValue] = useState(current);
  const keys = [field, meta?.junction_field];
  const options = (fields.data ?? [])
    .filter(
      (f) =>
        (f.type === 'integer' || f.type === 'bigInteger') &&
        !f.schema?.is_primary_key &&
        !keys.includes(f.field),
    )
    .map((f) => f.field);
  const canCreate =
    relation.kind === 'm2m' && fields.isSuccess && !fields.data.some((f) => f.field === SORT);
  const label = t('sortField', { collection });

  return (
    <div className="flex flex-col gap-2 rounded-md border bg-muted/30 p-3 sm:flex-row sm:items-end">
      <div className="flex-1">
        <FieldSelect
          label={label}
          hint={t('sortFieldHint', { collection })}
          value={value}
          onChange={setValue}
          options={canCreate ? [...options, CREATE] : options}
          labels={{ [CREATE]: t('createSortField', { name: SORT }) }}
          disabled={!fields.isSuccess}
        />
      </div>
      <Button
        type="button"
        variant="outline"
        disabled={value === current || update.isPending}
        onClick={() => {
          const sortField = value === NONE ? null : value === CREATE ? SORT : value;
          update.mutate(
            { collection, field, sortField, create: value === CREATE },
            { onSuccess: () => setValue(sortField ?? NONE) },
          );
        }}
      >
        {update.isPending && <Spinner />}
        {t('saveSortField')}
      </Button>
    </div>
  );
}
