import { z } from 'zod';
import { preflight } from '@/lib/http/cors';
import { route } from '@/lib/http/route';
import { rawResponse } from '@/lib/openapi/raw';

export const GET = route(
  {
    access: 'public',
    mfaExempt: true,
    summary: 'Liveness probe',
    tags: ['Server'],
    response: rawResponse(z.literal('pong'), 'text/plain'),
  },
  async () => new Response('pong', { headers: { 'content-type': 'text/plain; charset=utf-8' } }),
);
export const OPTIONS = preflight;
