import { z } from 'zod';
import { preflight } from '@/lib/http/cors';
import { jsonReply } from '@/lib/http/reply';
import { route } from '@/lib/http/route';
import { openApiDocument } from '@/lib/http/openapi/document';
import { rawResponse } from '@/lib/http/openapi/raw';

const documentShape = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});

export const GET = route(
  {
    access: 'public',
    summary: 'OpenAPI 3.0 description of this API',
    tags: ['Server'],
    response: rawResponse(documentShape),
  },
  async () => jsonReply(await openApiDocument()),
);
export const OPTIONS = preflight;
