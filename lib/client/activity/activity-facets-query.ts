'use client';

import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';
import { activityKeys } from './keys';

interface FacetRow {
  count: { id: number };
  user?: string | null;
  collection?: string;
  action?: string;
}

export interface ActivityUser {
  id: string;
  label: string;
}

export interface ActivityFacets {
  actions: string[];
  collections: string[];
  users: ActivityUser[];
}

async function distinct(field: 'user' | 'collection' | 'action', signal: AbortSignal) {
  const params = new URLSearchParams({ 'aggregate[count]': 'id', limit: '-1' });
  params.append('groupBy[]', field);
  const body = await apiFetch<{ data: FacetRow[] }>(`/api/activity?${params}`, { signal });
  return body.data.map((r) => r[field]).filter((v): v is string => typeof v === 'string');
}

interface UserRow {
  id: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
}

/** Names for the user ids; a caller who may not read users sees the ids instead. */
async function userLabels(ids: string[], signal: AbortSignal): Promise<ActivityUser[]> {
  if (!ids.length) return [];
  const params = new URLSearchParams({
    fields: 'id,first_name,last_name,email',
    'filter[id][_in]': ids.join(','),
    limit: String(ids.length),
  });
  const rows = await apiFetch<{ data: UserRow[] }>(`/api/users?${params}`, { signal })
    .then((b) => b.data)
    .catch(() => [] as UserRow[]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => {
    const row = byId.get(id);
    const name = row ? [row.first_name, row.last_name].filter(Boolean).join(' ') : '';
    return { id, label: name || row?.email || id };
  });
}

/**
 * The values the filters can take, as the server groups them: every action, collection and
 * user that occurs in the log the caller may read.
 */
export function useActivityFacetsQuery(scope: string | null) {
  return useQuery({
    queryKey: activityKeys.facets(scope),
    queryFn: async ({ signal }): Promise<ActivityFacets> => {
      const [actions, collections, userIds] = await Promise.all([
        distinct('action', signal),
        distinct('collection', signal),
        distinct('user', signal),
      ]);
      return {
        actions: actions.sort(),
        collections: collections.sort(),
        users: (await userLabels(userIds, signal)).sort((a, b) => a.label.localeCompare(b.label)),
      };
    },
    staleTime: 30_000,
  });
}
