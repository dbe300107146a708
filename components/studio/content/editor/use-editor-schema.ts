'use client';

import { useMemo } from 'react';
import type { Field } from '@/lib/client/fields/types';
import {
  isAlias,
  labelFieldOf,
  primaryKeyOf,
  relationalOf,
  type Relational,
} from '@/lib/client/items/relational';
import { useRelatedFields } from '@/lib/client/items/related-fields-query';
import { canField } from '@/lib/client/permissions/can';
import { usePermissionsMe } from '@/lib/client/permissions/permissions-me-query';
import type { MyPermissions } from '@/lib/client/permissions/types';
import type { CollectionSchema } from '../use-collection-schema';

/** One field of the form, with what its relation (if any) needs to read and show it. */
export interface EditorField {
  field: Field;
  rel: Relational | null;
  relatedPk: string;
  labelField: string;
  junctionPk: string | null;
}

/**
 * A sort field the caller may not read and update is left out: asking for it would have
 * the whole read refused, and a new order could not be saved.
 */
function usableSort(rel: Relational | null, permissions: MyPermissions | undefined) {
  if (!rel || rel.kind === 'm2o' || !rel.sortField) return rel;
  const { sortField } = rel;
  const many = rel.kind === 'm2m' ? rel.junction : rel.related;
  const may = (action: 'read' | 'update') => canField(permissions, many, action, sortField);
  return may('read') && may('update') ? rel : { ...rel, sortField: null };
}

/**
 * The fields the editor shows and the `fields` list that reads them in one request:
 * relations come back nested with just their key and a label field.
 */
export function useEditorSchema(schema: CollectionSchema) {
  const permissions = usePermissionsMe().data;
  const withRel = useMemo(
    () =>
      schema.fields
        .filter((f) => !f.meta?.hidden && schema.fieldAllowed('read', f.field))
        .map((f) => ({
          field: f,
          rel: usableSort(relationalOf(schema.relations, schema.collection, f.field), permissions),
        }))
        // Aliases without a relation are presentation or groups: nothing to edit.
        .filter(({ field, rel }) => !isAlias(field) || (rel !== null && rel.kind !== 'm2o')),
    [schema, permissions],
  );
  const targets = useMemo(
    () => [
      ...new Set(
        withRel.flatMap(({ rel }) =>
          rel === null ? [] : rel.kind === 'm2m' ? [rel.related, rel.junction] : [rel.related],
        ),
      ),
    ],
    [withRel],
  );
  const related = useRelatedFields(targets);

  const fields = useMemo<EditorField[]>(
    () =>
      withRel.map(({ field, rel }) => {
        const rf = rel ? related.byCollection[rel.related] : undefined;
        const jf = rel?.kind === 'm2m' ? related.byCollection[rel.junction] : undefined;
        return {
          field,
          rel,
          relatedPk: rf ? primaryKeyOf(rf) : 'id',
          labelField: rf ? labelFieldOf(rf) : 'id',
          junctionPk: jf ? primaryKeyOf(jf) : null,
        };
      }),
    [withRel, related.byCollection],
  );

  const readFields = useMemo(
    () =>
      fields.flatMap(({ field, rel, relatedPk, labelField, junctionPk }) => {
        const f = field.field;
        if (!rel) return [f];
        // The sort value sits on the row the list holds: the child (o2m) or junction row (m2m).
        const sort = rel.kind !== 'm2o' && rel.sortField ? [`${f}.${rel.sortField}`] : [];
        if (rel.kind === 'm2m') {
          const j = rel.junctionRelated;
          return [
            `${f}.${junctionPk ?? 'id'}`,
            `${f}.${j}.${relatedPk}`,
            `${f}.${j}.${labelField}`,
            ...sort,
          ];
        }
        return [`${f}.${relatedPk}`, `${f}.${labelField}`, ...sort];
      }),
    [fields],
  );

  return {
    fields,
    readFields: [...new Set([schema.primaryKey, ...readFields])],
    isLoading: related.isLoading,
  };
}
