import { z } from 'zod';
import { listProviders } from '@/lib/auth/providers/settings';
import { preflight } from '@/lib/http/cors';
import { route } from '@/lib/http/route';

export const GET = route(
  {
    access: 'public',
    lenientAuth: true,
    summary: 'List the identity providers one can sign in with',
    tags: ['Authentication'],
    response: z.array(
      z.object({ name: z.string(), driver: z.string(), icon: z.string(), label: z.string() }),
    ),
  },
  async () => listProviders(),
);
export const OPTIONS = preflight;
