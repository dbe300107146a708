import { preflight } from '@/lib/http/cors';
import { route } from '@/lib/http/route';
import { interfacesQuery, interfacesResponse, listInterfaces } from '@/lib/schema/interfaces';

export const GET = route(
  {
    query: interfacesQuery,
    summary: 'List field interfaces',
    tags: ['Interfaces'],
    response: interfacesResponse,
  },
  (input, ctx) => listInterfaces(input, ctx),
);
export const OPTIONS = preflight;
