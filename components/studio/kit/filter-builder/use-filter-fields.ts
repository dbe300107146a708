'use client';

import { useLocale } from 'next-intl';
import { useMemo } from 'react';
import { fieldLabel } from '@/lib/client/fields/field-label';
import { useFieldsQuery } from '@/lib/client/fields/fields-query';
import type { Field } from '@/lib/client/fields/types';
import { isAlias, relationalOf } from '@/lib/client/items/relational';
import { useRelatedFieldsQuery } from '@/lib/client/items/related-fields-query';
import { useRelationsQuery } from '@/lib/client/relations/relations-query';
import type { FieldType } from '@/lib/schema/types';

/** A field path the filter (or a column chooser) can use: `title`, `author.name`. */
export interface FilterField {
  path: string;
  /** As people read it: the field's translation or formatted name (`Author › Name`). */
  label: string;
  type: FieldType;
  choices?: { text: string; value: string | number }[];
  /** The field's editor (`file-image`, `select-dropdown`...), so a cell can show it alike. */
  interface?: string | null;
}

function choicesOf(field: Field): FilterField['choices'] {
  const options = field.meta?.options as { choices?: unknown } | null | undefined;
  if (!Array.isArray(options?.choices)) return undefined;
  return options.choices.flatMap((c: unknown) => {
    if (typeof c !== 'object' || c === null) return [];
    const { text, value } = c as { text?: unknown; value?: unknown };
    if (typeof value !== 'string' && typeof value !== 'number') return [];
    return [{ text: typeof text === 'string' ? text : String(value), value }];
  });
}

function entry(field: Field, locale: string, parent?: Field): FilterField {
  const own = fieldLabel(field, locale);
  return {
    path: parent ? `${parent.field}.${field.field}` : field.field,
    label: parent ? `${fieldLabel(parent, locale)} › ${own}` : own,
    type: field.type,
    choices: choicesOf(field),
    interface: field.meta?.interface ?? null,
  };
}

/**
 * The paths of a collection: its own columns, then one level into each many-to-one
 * (`author.name`). Shared by the filter builder and the item browser's column chooser.
 */
export function useFieldPaths(collection: string) {
  const locale = useLocale();
  const fields = useFieldsQuery(collection);
  const relations = useRelationsQuery();
  const m2o = useMemo(() => {
    const out: { field: Field; related: string }[] = [];
    for (const f of fields.data ?? []) {
      const rel = relationalOf(relations.data ?? [], collection, f.field);
      if (rel?.kind === 'm2o') out.push({ field: f, related: rel.related });
    }
    return out;
  }, [fields.data, relations.data, collection]);
  const related = useRelatedFieldsQuery([...new Set(m2o.map((r) => r.related))]);

  const data = useMemo(() => {
    const own = (fields.data ?? []).filter((f) => !isAlias(f)).map((f) => entry(f, locale));
    const nested = m2o.flatMap(({ field, related: target }) =>
      (related.byCollection[target] ?? [])
        .filter((f) => !isAlias(f))
        .map((f) => entry(f, locale, field)),
    );
    return [...own, ...nested];
  }, [fields.data, m2o, related.byCollection, locale]);

  /** Many-to-one paths (`author`) and the collections they lead to. */
  const relatedOf = useMemo(
    () => new Map(m2o.map(({ field, related: target }) => [field.field, target])),
    [m2o],
  );

  return {
    data,
    relatedOf,
    isLoading: fields.isLoading || relations.isLoading,
    isError: fields.isError || relations.isError,
    refetch: () => Promise.all([fields.refetch(), relations.refetch()]),
  };
}

export const useFilterFields = useFieldPaths;
