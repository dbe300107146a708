import { z } from 'zod';
import { preflight } from '@/lib/http/cors';
import { route } from '@/lib/http/route';
import { importUpload } from '@/lib/utils/http';

export const POST = route(
  {
    params: z.object({ collection: z.string().min(1).max(64) }),
    status: 204,
    summary: 'Import items from a JSON or CSV file (multipart/form-data), all or none',
    tags: ['Utilities'],
  },
  importUpload,
);
export const OPTIONS = preflight;
