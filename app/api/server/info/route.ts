import { preflight } from '@/lib/http/cors';
import { route } from '@/lib/http/route';
import { serverInfo } from '@/lib/instance/info';

export const GET = route(
  {
    access: 'public',
    summary: 'Server information (project for everyone, runtime detail for administrators)',
    tags: ['Server'],
  },
  (input, ctx) => serverInfo(input, ctx),
);
export const OPTIONS = preflight;
