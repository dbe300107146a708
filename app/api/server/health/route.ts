import { preflight } from '@/lib/http/cors';
import { route } from '@/lib/http/route';
import { serverHealth } from '@/lib/server/health';

export const GET = route(
  {
    access: 'public',
    summary: 'Health (status for everyone, checks for administrators)',
    tags: ['Server'],
  },
  (input, ctx) => serverHealth(input, ctx),
);
export const OPTIONS = preflight;
