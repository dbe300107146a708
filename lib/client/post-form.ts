'use client';

import { ApiError, parseApiError } from './fetcher';
import { getActiveScope, SCOPE_HEADER } from './scope/scope-store';

export interface UploadProgress {
  loaded: number;
  total: number;
}

/**
 * POSTs multipart form data, reporting upload progress (fetch can't, XMLHttpRequest can),
 * and answers the parsed body, or undefined for 204. Errors as apiFetch throws them.
 */
export function postForm<T>(
  path: string,
  form: FormData,
  onProgress: (p: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    const scope = getActiveScope();
    if (scope !== null) xhr.setRequestHeader(SCOPE_HEADER, scope);
    xhr.upload.onprogress = (e) => onProgress({ loaded: e.loaded, total: e.total });
    xhr.onload = () => {
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as T);
      else reject(parseApiError(xhr.status, body));
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK_ERROR', 'Network error'));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(form);
  });
}
