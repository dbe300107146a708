import { preflight } from '@/lib/http/cors';
import { createFoldersBody, folderFields, folders } from '@/lib/files/service';
import { systemRoutes } from '@/lib/system/http';

const r = systemRoutes(folders, {
  create: createFoldersBody,
  update: folderFields,
  tag: 'Folders',
  noun: 'folders',
});

export const GET = r.list;
export const POST = r.create;
export const PATCH = r.updateBatch;
export const DELETE = r.removeBatch;
export const OPTIONS = preflight;
