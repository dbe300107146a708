import { preflight } from '@/lib/http/cors';
import { route } from '@/lib/http/route';
import { servedOrigin } from '@/lib/http/served-origin';
import { inviteBody, inviteUsers } from '@/lib/system/users-invite';

export const POST = route(
  {
    access: 'admin',
    body: inviteBody,
    status: 204,
    summary:
      'Invite users by email: each gets status invited and a mail with a link to set a password',
    tags: ['Users'],
  },
  (input, ctx) => inviteUsers({ body: input.body, servedOrigin: servedOrigin(input.request) }, ctx),
);
export const OPTIONS = preflight;
