import { preflight } from '@/lib/http/cors';
import { route } from '@/lib/http/route';
import { databaseDownHealthReply, serverHealthReply } from '@/lib/instance/http';

export const GET = route(
  {
    access: 'public',
    schema: false,
    summary: 'Health (status for everyone, checks for administrators)',
    tags: ['Server'],
    databaseDown: databaseDownHealthReply,
  },
  serverHealthReply,
);
export const OPTIONS = preflight;
