'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';
import { fileKeys } from './keys';
import { FILE_FIELDS, type FileItem, type FileListParams } from './types';

export interface FilePage {
  data: FileItem[];
  total: number | null;
  estimated: boolean;
}

function listPath(p: FileListParams): string {
  const q = new URLSearchParams();
  q.set('fields', FILE_FIELDS.join(','));
  q.set('limit', String(p.pageSize));
  q.set('page', String(p.page));
  q.set('sort', p.sort);
  q.set('meta', 'filter_count');
  if (p.search.trim()) q.set('search', p.search.trim());
  if (p.folder) q.set('filter[folder][_eq]', p.folder);
  else if (p.folder === null) q.set('filter[folder][_null]', 'true');
  return `/api/files?${q}`;
}

/** One page of the files in a folder (or at the top level), sorted and searched by the server. */
export function useFilesQuery(params: FileListParams, scope?: string | null) {
  return useQuery({
    queryKey: fileKeys.list(params, scope),
    queryFn: async ({ signal }): Promise<FilePage> => {
      const body = await apiFetch<{
        data: FileItem[];
        meta?: { filter_count?: number; total?: number; total_estimated?: boolean };
      }>(listPath(params), { signal });
      const total = body.meta?.filter_count ?? body.meta?.total ?? null;
      return { data: body.data, total, estimated: Boolean(body.meta?.total_estimated) };
    },
    placeholderData: keepPreviousData,
  });
}

/** The URL of a file's bytes, or of a thumbnail of an image. */
export function assetUrl(id: string, thumb?: { width: number; height: number }): string {
  if (!thumb) return `/api/assets/${id}`;
  return `/api/assets/${id}?width=${thumb.width}&height=${thumb.height}&fit=cover&format=auto`;
}

export function isImage(file: Pick<FileItem, 'type'>): boolean {
  return /^image\/(jpeg|png|gif|webp|avif|tiff)$/.test(file.type ?? '');
}
