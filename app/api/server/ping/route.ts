import { z } from 'zod';
import { preflight } from '@/lib/http/cors';
import { route } from '@/lib/http/route';

export const GET = route(
  { access: 'public', summary: 'Liveness probe', tags: ['Server'], response: z.literal('pong') },
  async () => new Response('pong', { headers: { 'content-type': 'text/plain; charset=utf-8' } }),
);
export const OPTIONS = preflight;
