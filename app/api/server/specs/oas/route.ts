import { z } from 'zod';
import { preflight } from '@/lib/http/cors';
import { jsonReply } from '@/lib/http/reply';
import { route } from '@/lib/http/route';
import { rawResponse } from '@/lib/http/openapi/raw';
import { callerDocument } from '@/lib/openapi/caller-spec';

const documentShape = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});

export const GET = route(
  {
    access: 'public',
    summary: 'OpenAPI 3.1 description of the collections and endpoints the caller may use',
    tags: ['Server'],
    response: rawResponse(documentShape),
  },
  async (_input, ctx) => jsonReply(await callerDocument(ctx)),
);
export const OPTIONS = preflight;
