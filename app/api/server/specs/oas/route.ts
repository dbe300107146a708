import { preflight } from '@/lib/http/cors';
import { jsonReply } from '@/lib/http/reply';
import { route } from '@/lib/http/route';
import { openApiDocumentShape } from '@/lib/http/openapi/raw';
import { callerDocument } from '@/lib/openapi/caller-spec';

export const GET = route(
  {
    access: 'public',
    summary: 'OpenAPI 3.1 description of the collections and endpoints the caller may use',
    tags: ['Server'],
    response: openApiDocumentShape,
  },
  async (_input, ctx) => jsonReply(await callerDocument(ctx)),
);
export const OPTIONS = preflight;
