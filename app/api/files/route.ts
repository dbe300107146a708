import { preflight } from '@/lib/http/cors';
import { route } from '@/lib/http/route';
import { deleteFilesReply, uploadReply } from '@/lib/files/http';
import { fileFields, files, filesQuiet } from '@/lib/files/service';
import { systemRoutes } from '@/lib/system/http';
import { batchDeleteBody } from '@/lib/system/system-collection';

const shape = { create: fileFields, update: fileFields, tag: 'Files', noun: 'files' };
const r = systemRoutes(files, shape);

// The specification's event table: GET and POST /api/files emit no item events.
export const GET = systemRoutes(filesQuiet, shape).list;
export const POST = route(
  {
    status: 201,
    summary: 'Upload files (multipart/form-data: metadata fields first, then file parts)',
    tags: ['Files'],
  },
  uploadReply,
);
export const PATCH = r.updateBatch;
export const DELETE = route(
  { body: batchDeleteBody, status: 204, summary: 'Delete files and their bytes', tags: ['Files'] },
  deleteFilesReply,
);
export const OPTIONS = preflight;
