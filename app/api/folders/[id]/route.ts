import { preflight } from '@/lib/http/cors';
import { createFoldersBody, folderFields, folders } from '@/lib/files/service';
import { systemRoutes } from '@/lib/system/http';

const r = systemRoutes(folders, {
  create: createFoldersBody,
  update: folderFields,
  tag: 'Folders',
  noun: 'folders',
});

export const GET = r.readOne;
export const PATCH = r.update;
export const DELETE = r.remove;
export const OPTIONS = preflight;
