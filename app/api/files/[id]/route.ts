import { preflight } from '@/lib/http/cors';
import { route } from '@/lib/http/route';
import { deleteFileReply, updateFileReply } from '@/lib/files/http';
import { fileFields, filesQuiet } from '@/lib/files/service';
import { itemsQuerySchema } from '@/lib/items/parse';
import { systemRoutes } from '@/lib/system/http';
import { idParams } from '@/lib/system/system-collection';

const r = systemRoutes(filesQuiet, {
  create: fileFields,
  update: fileFields,
  tag: 'Files',
  noun: 'files',
});

export const GET = r.readOne;
export const PATCH = route(
  {
    params: idParams,
    query: itemsQuerySchema,
    summary: 'Update a file: JSON metadata, or multipart/form-data to replace its bytes',
    tags: ['Files'],
  },
  updateFileReply,
);
export const DELETE = route(
  { params: idParams, status: 204, summary: 'Delete a file and its bytes', tags: ['Files'] },
  deleteFileReply,
);
export const OPTIONS = preflight;
