import 'server-only';
import type { RequestContext } from '@/lib/core/context';
import { defineError } from '@/lib/core/errors';
import { fromAddress, transportFrom } from './transport';
import { loadSettings, type SettingsRow } from '@/lib/settings/cache';
import type { SmtpTestBody } from '@/lib/settings/schema';

export const SmtpTestFailedError = defineError('SMTP_TEST_FAILED', 400, 'SMTP test failed');

interface MailError {
  code?: unknown;
  responseCode?: unknown;
}

/**
 * Our own wording per failure kind: the raw error can carry socket internals, and the
 * administrator needs to know which setting to look at, not a stack.
 */
function reason(err: unknown, s: SettingsRow): string {
  const e = (err && typeof err === 'object' ? err : {}) as MailError;
  const where = `${s.smtp_host}:${s.smtp_port ?? (s.smtp_secure ? 465 : 587)}`;
  switch (e.code) {
    case 'EAUTH':
      return `the server at ${where} refused the SMTP user name or password`;
    case 'ETIMEDOUT':
      return `no answer from ${where} in time`;
    case 'EDNS':
      return `the host name "${s.smtp_host}" could not be resolved`;
    case 'ETLS':
      return `the TLS handshake with ${where} failed (check "secure" and "ignore TLS")`;
    case 'EENVELOPE':
      return 'the server refused the sender or recipient address';
    case 'ECONNECTION':
    case 'ESOCKET':
    case 'ECONNREFUSED':
      return `could not connect to ${where}`;
    default:
      return typeof e.responseCode === 'number'
        ? `the server at ${where} answered ${e.responseCode}`
        : `could not talk to ${where}`;
  }
}

/**
 * Checks the stored SMTP settings: connects (and signs in when a user is set), then, with
 * `to`, sends one test message. Runs whether or not sending is enabled, so settings can be
 * checked before they are switched on.
 */
export async function testSmtp(
  input: { body: SmtpTestBody },
  ctx: RequestContext,
): Promise<{ success: true }> {
  const settings = await loadSettings(ctx.db);
  if (!settings.smtp_host) {
    throw new SmtpTestFailedError('SMTP test failed: no SMTP host is configured');
  }
  const transport = transportFrom(settings);
  try {
    await transport.verify();
    const to = input.body?.to;
    if (to) {
      await transport.sendMail({
        from: fromAddress(settings),
        to,
        subject: `${settings.project_name}: SMTP test`,
        text: `This message confirms that ${settings.project_name} can send mail with its SMTP settings.`,
      });
    }
    return { success: true };
  } catch (err) {
    throw new SmtpTestFailedError(`SMTP test failed: ${reason(err, settings)}`);
  } finally {
    transport.close();
  }
}
