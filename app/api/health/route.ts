import { preflight } from '@/lib/http/cors';
import { route } from '@/lib/http/route';
import { legacyHealthReply } from '@/lib/instance/http';

export const GET = route(
  {
    access: 'public',
    schema: false,
    summary: 'Deprecated database check; use /api/server/ping or /api/server/health',
    tags: ['Server'],
  },
  legacyHealthReply,
);
export const OPTIONS = preflight;
