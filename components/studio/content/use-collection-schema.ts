'use client';

import { useMemo } from 'react';
import { useCollectionsQuery } from '@/lib/client/collections/collections-query';
import { useFieldsQuery } from '@/lib/client/fields/fields-query';
import type { Field } from '@/lib/client/fields/types';
import { primaryKeyOf } from '@/lib/client/items/relational';
import { allowedFields, can, isAdmin } from '@/lib/client/permissions/can';
import { usePermissionsMeQuery } from '@/lib/client/permissions/permissions-me-query';
import { useRelationsQuery } from '@/lib/client/relations/relations-query';

export interface CollectionSchema {
  collection: string;
  fields: Field[];
  primaryKey: string;
  singleton: boolean;
  /** `meta.icon`: a Lucide icon name, or null. */
  icon: string | null;
  /** `meta.sort_field`: the field people order items by by hand, or null. */
  sortField: string | null;
  relations: NonNullable<ReturnType<typeof useRelationsQuery>['data']>;
  /** `meta.item_duplication_fields`: what "Save as copy" takes over; null: every field. */
  duplicationFields: string[] | null;
  admin: boolean;
  canCreate: boolean;
  canUpdate: boolean;
  canDelete: boolean;
  /** Whether `action` may touch `field` (the server merges field lists the same way). */
  fieldAllowed: (action: 'read' | 'create' | 'update', field: string) => boolean;
}

/** Sorted as the data model arranges fields (`meta.sort`), else in table order. */
function byMetaSort(fields: Field[]): Field[] {
  return fields
    .map((f, i) => ({ f, i }))
    .sort((a, b) => (a.f.meta?.sort ?? 1e6 + a.i) - (b.f.meta?.sort ?? 1e6 + b.i))
    .map(({ f }) => f);
}

/**
 * Everything a content page needs to know about a collection, in one place: fields,
 * primary key, relations and what the caller may do (from GET /api/permissions/me).
 */
export function useCollectionSchema(collection: string) {
  const collections = useCollectionsQuery();
  const fields = useFieldsQuery(collection);
  const relations = useRelationsQuery();
  const permissions = usePermissionsMeQuery();
  const queries = [collections, fields, relations, permissions];

  const data = useMemo<CollectionSchema | undefined>(() => {
    if (!collections.data || !fields.data || !relations.data || !permissions.data) return undefined;
    const p = permissions.data;
    const meta = collections.data.find((c) => c.collection === collection)?.meta;
    const fieldAllowed = (action: 'read' | 'create' | 'update', field: string) => {
      const list = allowedFields(p, collection, action);
      return list === '*' || list.includes(field);
    };
    return {
      collection,
      fields: byMetaSort(fields.data),
      primaryKey: primaryKeyOf(fields.data),
      singleton: meta?.singleton === true,
      icon: typeof meta?.icon === 'string' && meta.icon ? meta.icon : null,
      sortField: typeof meta?.sort_field === 'string' && meta.sort_field ? meta.sort_field : null,
      relations: relations.data,
      duplicationFields: Array.isArray(meta?.item_duplication_fields)
        ? meta.item_duplication_fields.filter((f): f is string => typeof f === 'string')
        : null,
      admin: isAdmin(p),
      canCreate: can(p, collection, 'create'),
      canUpdate: can(p, collection, 'update'),
      canDelete: can(p, collection, 'delete'),
      fieldAllowed,
    };
  }, [collection, collections.data, fields.data, relations.data, permissions.data]);

  return {
    data,
    error: queries.find((q) => q.error)?.error ?? null,
    isFetching: queries.some((q) => q.isFetching),
    refetch: () => Promise.all(queries.map((q) => q.refetch())),
  };
}
