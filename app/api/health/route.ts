import { preflight } from '@/lib/http/cors';
import { route } from '@/lib/http/route';
import { legacyHealth } from '@/lib/server/health';

export const GET = route(
  {
    access: 'public',
    summary: 'Deprecated database check; use /api/server/ping or /api/server/health',
    tags: ['Server'],
  },
  (input, ctx) => legacyHealth(input, ctx),
);
export const OPTIONS = preflight;
