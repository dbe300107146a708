import { z } from 'zod';
import { preflight } from '@/lib/http/cors';
import { route } from '@/lib/http/route';
import { readLogsReply } from '@/lib/logs/http';
import { clearLogs, logEntryResponse, logsQuery } from '@/lib/logs/service';

export const GET = route(
  {
    query: logsQuery,
    summary: 'Recent runtime logs of this instance (admin or module key system:logs)',
    tags: ['Logs'],
    response: z.array(logEntryResponse),
  },
  readLogsReply,
);
export const DELETE = route(
  { status: 204, summary: 'Clear the runtime log buffer (admin only)', tags: ['Logs'] },
  (input, ctx) => clearLogs(input, ctx),
);
export const OPTIONS = preflight;
