import { preflight } from '@/lib/http/cors';
import { route } from '@/lib/http/route';
import { smtpTestBody } from '@/lib/settings/schema';
import { testSmtp } from '@/lib/mail/smtp-test';

export const POST = route(
  {
    access: 'admin',
    body: smtpTestBody,
    summary: 'Verify the SMTP settings, optionally sending a test message',
    tags: ['Settings'],
  },
  (input, ctx) => testSmtp(input, ctx),
);
export const OPTIONS = preflight;
