import { z } from 'zod';
import { preflight } from '@/lib/http/cors';
import { rawResponse } from '@/lib/http/openapi/raw';
import { route } from '@/lib/http/route';
import { assetReply } from '@/lib/files/http';
import { assetQuery } from '@/lib/files/transform';

export const GET = route(
  {
    access: 'public',
    params: z.object({ id: z.string().min(1).max(255) }),
    query: assetQuery,
    summary: 'A file’s bytes (ranges, validators) or an image transform of them',
    tags: ['Assets'],
    response: rawResponse(z.string(), 'application/octet-stream'),
  },
  assetReply,
);
export const OPTIONS = preflight;
