import { preflight } from '@/lib/http/cors';
import { route } from '@/lib/http/route';
import { importBody, importFile } from '@/lib/files/import-url';

export const POST = route(
  {
    body: importBody,
    status: 201,
    summary: 'Import a file from a URL (public addresses only, size- and time-capped)',
    tags: ['Files'],
  },
  (input, ctx) => importFile(input.body, ctx),
);
export const OPTIONS = preflight;
