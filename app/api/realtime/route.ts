import { z } from 'zod';
import { preflight } from '@/lib/http/cors';
import { route } from '@/lib/http/route';
import { rawResponse } from '@/lib/http/openapi/raw';
import { sseQuery, sseSubscribe } from '@/lib/realtime/http';

export const GET = route(
  {
    query: sseQuery,
    queryToken: true,
    summary: 'Subscribe to a collection as Server-Sent Events (the realtime protocol, one way)',
    tags: ['Realtime'],
    response: rawResponse(z.string(), 'text/event-stream'),
  },
  (input, ctx) => sseSubscribe(input, ctx),
);
export const OPTIONS = preflight;
