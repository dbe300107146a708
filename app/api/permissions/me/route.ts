import { permissionsMeQuery, permissionsMeReply } from '@/lib/access/http';
import { preflight } from '@/lib/http/cors';
import { route } from '@/lib/http/route';

export const GET = route(
  {
    query: permissionsMeQuery,
    summary: 'Effective permissions of the caller, or (administrators, ?user=) of another user',
    tags: ['Permissions'],
  },
  permissionsMeReply,
);
export const OPTIONS = preflight;
