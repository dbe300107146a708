import { providerLoginReply } from '@/lib/auth/http';
import { providerLoginQuery, providerParams } from '@/lib/auth/providers/flow';
import { preflight } from '@/lib/http/cors';
import { route } from '@/lib/http/route';

export const GET = route(
  {
    access: 'public',
    lenientAuth: true,
    params: providerParams,
    query: providerLoginQuery,
    summary: 'Start signing in with an identity provider (redirects to it)',
    tags: ['Authentication'],
  },
  providerLoginReply,
);
export const OPTIONS = preflight;
