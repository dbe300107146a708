'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postForm, type UploadProgress } from '../post-form';
import { itemKeys } from './keys';

export interface ImportInput {
  /** The file as it will be sent: CSV with a header row, or a JSON array of objects. */
  file: Blob;
  name: string;
  /** How many rows the file holds, for telling the person. */
  rows: number;
  onProgress: (p: UploadProgress) => void;
}

/** A row the server refused, as an import's FAILED_VALIDATION lists it. */
export interface RefusedRow {
  row: number;
  field: string;
  message: string;
}

export function refusedRows(extensions: Readonly<Record<string, unknown>>): RefusedRow[] {
  const rows = extensions.rows;
  if (!Array.isArray(rows)) return [];
  return rows.filter(
    (r): r is RefusedRow =>
      typeof r === 'object' &&
      r !== null &&
      typeof (r as RefusedRow).row === 'number' &&
      typeof (r as RefusedRow).field === 'string' &&
      typeof (r as RefusedRow).message === 'string',
  );
}

/** POST /api/utils/import/:collection: all rows land, or none. */
export function useItemsImportMutation(collection: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, name, onProgress }: ImportInput) => {
      const form = new FormData();
      form.append('file', file, name);
      await postForm<void>(`/api/utils/import/${encodeURIComponent(collection)}`, form, onProgress);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: itemKeys.collection(collection) }),
  });
}
