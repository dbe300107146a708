'use client';

import { postForm, type UploadProgress } from '../post-form';
import type { FileItem } from './types';

export type { UploadProgress };

/**
 * Uploads one file as multipart/form-data, reporting progress. Metadata fields go before
 * the file, as the API expects.
 */
export async function uploadFile(
  file: File,
  fields: Record<string, string>,
  onProgress: (p: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<FileItem> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', file, file.name);
  const body = await postForm<{ data: FileItem }>(
    '/api/files',
    form,
    (p) => onProgress({ loaded: p.loaded, total: p.total || file.size }),
    signal,
  );
  return body.data;
}
