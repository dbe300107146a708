import { scopeKey } from '../scope-key';
import type { FileListParams } from './types';

/** Files and folders belong to the request's scope, so every key carries it. */
export const fileKeys = {
  root: ['files'] as const,
  all: (scope?: string | null) => [...fileKeys.root, scopeKey(scope)] as const,
  list: (params: FileListParams, scope?: string | null) =>
    [...fileKeys.all(scope), 'list', params] as const,
  detail: (id: string, scope?: string | null) => [...fileKeys.all(scope), 'detail', id] as const,
};

export const folderKeys = {
  root: ['folders'] as const,
  all: (scope?: string | null) => [...folderKeys.root, scopeKey(scope)] as const,
  list: (scope?: string | null) => [...folderKeys.all(scope), 'list'] as const,
};
