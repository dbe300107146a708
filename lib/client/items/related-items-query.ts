'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Relational } from './relational';
import { fetchItems } from './items-query';
import { useActiveScope } from '../scope/active-scope';
import { itemKeys } from './keys';
import type { ItemKey, ItemsQuery } from './types';

type ListRel = Extract<Relational, { kind: 'o2m' | 'm2m' }>;

export interface RelatedPageInput {
  rel: ListRel;
  /** The item whose linked items are listed; null (a new item) reads nothing. */
  parentKey: ItemKey | null;
  relatedPk: string;
  junctionPk: string | null;
  /** Fields of the related item to show it (its display's fields). */
  displayFields: readonly string[];
  page: number;
  limit: number;
}

/**
 * The read behind one page of a one-to-many or many-to-many list: the related collection
 * (o2m) or the junction (m2m) filtered by the foreign key to the parent, in the relation's
 * sort order, with the matching count (`meta=filter_count`).
 */
export function relatedPageQuery(input: RelatedPageInput): {
  collection: string;
  query: ItemsQuery;
} {
  const { rel, parentKey, relatedPk, junctionPk, displayFields, page, limit } = input;
  const sort = rel.sortField ? [rel.sortField] : [];
  if (rel.kind === 'o2m') {
    return {
      collection: rel.related,
      query: {
        fields: [...new Set([relatedPk, ...displayFields, ...sort])],
        filter: { [rel.foreignKey]: { _eq: parentKey } },
        sort: [...sort, relatedPk],
        search: '',
        page,
        limit,
        meta: 'filter_count',
      },
    };
  }
  const own = junctionPk ?? 'id';
  const nested = [relatedPk, ...displayFields].map((f) => `${rel.junctionRelated}.${f}`);
  return {
    collection: rel.junction,
    query: {
      fields: [...new Set([own, ...nested, ...sort])],
      filter: { [rel.junctionSelf]: { _eq: parentKey } },
      sort: [...sort, own],
      search: '',
      page,
      limit,
      meta: 'filter_count',
    },
  };
}

/** One page of the items linked to `parentKey`, with how many there are in all. */
export function useRelatedPageQuery(input: RelatedPageInput) {
  const { collection, query } = relatedPageQuery(input);
  const scope = useActiveScope();
  return useQuery({
    queryKey: itemKeys.list(collection, query, scope),
    queryFn: async ({ signal }) => {
      const page = await fetchItems(collection, query, signal);
      return { rows: page.data, total: page.meta.filter_count ?? page.meta.total };
    },
    placeholderData: keepPreviousData,
    enabled: input.parentKey !== null,
  });
}
