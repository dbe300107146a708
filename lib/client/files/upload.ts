'use client';

import { ApiError, parseApiError } from '../fetcher';
import type { FileItem } from './types';

export interface UploadProgress {
  loaded: number;
  total: number;
}

/**
 * Uploads one file as multipart/form-data, reporting progress (fetch can't report upload
 * progress, XMLHttpRequest can). Metadata fields go before the file, as the API expects.
 */
export function uploadFile(
  file: File,
  fields: Record<string, string>,
  onProgress: (p: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<FileItem> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('file', file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/files');
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (e) => onProgress({ loaded: e.loaded, total: e.total || file.size });
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve((body as { data: FileItem }).data);
      else reject(parseApiError(xhr.status, body));
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK_ERROR', 'Network error'));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(form);
  });
}
