import { preflight } from '@/lib/http/cors';
import { route } from '@/lib/http/route';
import { acceptInvite, inviteAcceptBody } from '@/lib/system/users-invite';

export const POST = route(
  {
    access: 'public',
    lenientAuth: true,
    body: inviteAcceptBody,
    status: 204,
    summary:
      'Accept an invitation: set the password with the token from the mail; the user becomes active',
    tags: ['Users'],
  },
  (input, ctx) => acceptInvite(input.body, ctx),
);
export const OPTIONS = preflight;
