'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';
import { fileKeys } from '../files/keys';
import type { FileItem } from '../files/types';

export type ExportFormat = 'csv' | 'json' | 'xml' | 'yaml';

export interface ExportInput {
  format: ExportFormat;
  fields: string[];
  filter: Record<string, unknown> | null;
  search: string;
  sort: string[];
}

/**
 * POST /api/utils/export/:collection: the server writes every matching row the caller may
 * read into a new file of the library and answers it; the studio then downloads it.
 */
export function useItemsExportMutation(collection: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ExportInput): Promise<FileItem> => {
      const query: Record<string, unknown> = { fields: input.fields, limit: -1 };
      if (input.filter) query.filter = input.filter;
      if (input.search) query.search = input.search;
      if (input.sort.length) query.sort = input.sort;
      const body = await apiFetch<{ data: FileItem }>(
        `/api/utils/export/${encodeURIComponent(collection)}`,
        { method: 'POST', body: { format: input.format, query } },
      );
      return body.data;
    },
    // The export is a new file in the library.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fileKeys.root }),
  });
}
