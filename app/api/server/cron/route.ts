import { preflight } from '@/lib/http/cors';
import { route } from '@/lib/http/route';
import { runScheduledCall, scheduledCallQuery } from '@/lib/runtime/scheduled/http';

export const GET = route(
  {
    access: 'public',
    // The Bearer is CRON_SECRET, not a user's token: checked by the handler.
    lenientAuth: true,
    query: scheduledCallQuery,
    summary: 'Runs due cron jobs once (for an outside scheduler such as Vercel Cron)',
    tags: ['Server'],
  },
  (input, ctx) => runScheduledCall(input, ctx),
);
export const OPTIONS = preflight;
