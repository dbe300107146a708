import { preflight } from '@/lib/http/cors';
import { jsonReply } from '@/lib/http/reply';
import { route } from '@/lib/http/route';
import { openApiDocument } from '@/lib/http/openapi/document';
import { openApiDocumentShape } from '@/lib/http/openapi/raw';

export const GET = route(
  {
    access: 'public',
    summary: 'OpenAPI 3.0 description of this API',
    tags: ['Server'],
    response: openApiDocumentShape,
  },
  async () => jsonReply(await openApiDocument()),
);
export const OPTIONS = preflight;
