import { z } from 'zod';
import { preflight } from '@/lib/http/cors';
import { textReply } from '@/lib/http/reply';
import { route } from '@/lib/http/route';
import { rawResponse } from '@/lib/http/openapi/raw';

export const GET = route(
  {
    access: 'public',
    schema: false,
    mfaExempt: true,
    summary: 'Liveness probe',
    tags: ['Server'],
    response: rawResponse(z.literal('pong'), 'text/plain'),
  },
  async () => textReply('pong'),
);
export const OPTIONS = preflight;
