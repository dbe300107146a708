'use client';

import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';
import { folderKeys } from './keys';
import type { Folder } from './types';

/** Every folder the caller may read (folders are few; the tree is built in the browser). */
export function useFoldersQuery(scope?: string | null) {
  return useQuery({
    queryKey: folderKeys.list(scope),
    queryFn: async ({ signal }) =>
      (
        await apiFetch<{ data: Folder[] }>(
          '/api/folders?limit=-1&sort=name&fields=id,name,parent',
          {
            signal,
          },
        )
      ).data,
  });
}

export interface FolderNode extends Folder {
  children: FolderNode[];
}

/** The folder rows as a tree; a folder whose parent is unreadable shows at the top. */
export function folderTree(folders: Folder[]): FolderNode[] {
  const nodes = new Map(folders.map((f) => [f.id, { ...f, children: [] as FolderNode[] }]));
  const roots: FolderNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parent ? nodes.get(node.parent) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}
