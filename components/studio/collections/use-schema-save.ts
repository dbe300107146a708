'use client';

import type { UseMutationResult } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useSave } from '../kit/use-save';

export type NoticeKey =
  | 'collectionCreated'
  | 'collectionUpdated'
  | 'collectionDeleted'
  | 'fieldCreated'
  | 'fieldUpdated'
  | 'fieldDeleted'
  | 'fieldsReordered'
  | 'relationCreated'
  | 'relationUpdated'
  | 'relationSortSaved'
  | 'indexesSaved';

/**
 * The kit's save with the data model's words: `notice` names what a change did (null: a
 * quiet change, one flag among many, with no toast of its own).
 */
export function useSchemaSave<V, R>(
  mutation: UseMutationResult<R, Error, V>,
  notice: (vars: V) => { key: NoticeKey; name: string } | null,
) {
  const t = useTranslations('DataModelToasts');
  return useSave(mutation, {
    saved: (vars) => {
      const said = notice(vars);
      return said ? t(said.key, { name: said.name }) : null;
    },
    failed: t('failed'),
  });
}
