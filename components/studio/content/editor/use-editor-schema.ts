'use client';

import { useMemo } from 'react';
import { hasConditions } from '@/lib/client/fields/conditions';
import type { Field } from '@/lib/client/fields/types';
import type { ItemDisplay } from '@/lib/client/items/display-template';
import { useItemDisplaysQuery } from '@/lib/client/items/item-displays-query';
import {
  isAlias,
  primaryKeyOf,
  relationalOf,
  type Relational,
} from '@/lib/client/items/relational';
import { useRelatedFieldsQuery } from '@/lib/client/items/related-fields-query';
import { canField } from '@/lib/client/permissions/can';
import { usePermissionsMeQuery } from '@/lib/client/permissions/permissions-me-query';
import type { MyPermissions } from '@/lib/client/permissions/types';
import type { CollectionSchema } from '../use-collection-schema';
import { isLayoutField } from './layout-tree';

/** One field of the form, with what its relation (if any) needs to read and show it. */
export interface EditorField {
  field: Field;
  rel: Relational | null;
  relatedPk: string;
  /** How a related item shows: the related collection's display template and its fields. */
  display: ItemDisplay;
  junctionPk: string | null;
}

/** A file's preview needs its title, name and type whatever the files' display template. */
const FILE_FIELDS = ['title', 'filename_download', 'type'];

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
  const permissions = usePermissionsMeQuery().data;
  const withRel = useMemo(
    () =>
      schema.fields
        // A hidden field with conditions may be shown by one of them as values change.
        .filter(
          (f) => (!f.meta?.hidden || hasConditions(f)) && schema.fieldAllowed('read', f.field),
        )
        .map((f) => ({
          field: f,
          rel: usableSort(relationalOf(schema.relations, schema.collection, f.field), permissions),
        }))
        // Aliases without a relation are presentation or groups: laid out, not edited.
        .filter(
          ({ field, rel }) =>
            !isAlias(field) || (rel !== null && rel.kind !== 'm2o') || isLayoutField(field),
        ),
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
  const related = useRelatedFieldsQuery(targets);
  const displays = useItemDisplaysQuery(targets);

  const fields = useMemo<EditorField[]>(
    () =>
      withRel.map(({ field, rel }) => {
        const rf = rel ? related.byCollection[rel.related] : undefined;
        const jf = rel?.kind === 'm2m' ? related.byCollection[rel.junction] : undefined;
        const relatedPk = rf ? primaryKeyOf(rf) : 'id';
        const display = (rel && displays.byCollection[rel.related]) || {
          primaryKey: relatedPk,
          template: null,
          fields: [relatedPk],
        };
        return { field, rel, relatedPk, display, junctionPk: jf ? primaryKeyOf(jf) : null };
      }),
    [withRel, related.byCollection, displays.byCollection],
  );

  const readFields = useMemo(
    () =>
      fields.flatMap(({ field, rel, relatedPk, display }) => {
        const f = field.field;
        // Presentation and group fields hold no data to read.
        if (!rel) return isAlias(field) ? [] : [f];
        // Lists page through their linked items themselves (see RelatedList).
        if (rel.kind !== 'm2o') return [];
        const extra = rel.related === 'daas_files' ? FILE_FIELDS : [];
        // A field the caller may not read would have the whole read refused.
        const readable = (p: string) => canField(permissions, rel.related, 'read', p.split('.')[0]);
        return [...new Set([relatedPk, ...display.fields, ...extra])]
          .filter((p) => p === relatedPk || readable(p))
          .map((p) => `${f}.${p}`);
      }),
    [fields, permissions],
  );

  return {
    fields,
    readFields: [...new Set([schema.primaryKey, ...readFields])],
    isLoading: related.isLoading || displays.isLoading,
  };
}
