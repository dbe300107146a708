import { z } from 'zod';
import { preflight } from '@/lib/http/cors';
import { route } from '@/lib/http/route';
import { streamLogs } from '@/lib/logs/http';
import { logStreamQuery } from '@/lib/logs/service';
import { rawResponse } from '@/lib/http/openapi/raw';

export const GET = route(
  {
    query: logStreamQuery,
    summary: 'Runtime logs as server-sent events (admin or module key system:logs)',
    tags: ['Logs'],
    response: rawResponse(z.string(), 'text/event-stream'),
  },
  (input, ctx) => streamLogs(input, ctx),
);
export const OPTIONS = preflight;
