import { providerCallbackReply } from '@/lib/auth/http';
import { tokensResponse } from '@/lib/auth/login';
import { providerParams } from '@/lib/auth/providers/flow';
import { preflight } from '@/lib/http/cors';
import { route } from '@/lib/http/route';

export const GET = route(
  {
    access: 'public',
    lenientAuth: true,
    params: providerParams,
    summary: "Finish signing in with an identity provider (the provider's redirect back)",
    tags: ['Authentication'],
    response: tokensResponse,
  },
  providerCallbackReply,
);
export const OPTIONS = preflight;
