import 'server-only';
import type { Db } from '@/lib/db/client';
import { logger } from '@/lib/core/logger';
import { loadSettings } from '@/lib/settings/cache';
import { fromAddress, transportFrom } from './transport';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * Sends one mail with the current SMTP settings. With `smtp_enabled` off nothing is sent and
 * nothing is reported: callers behave the same either way. Returns whether it was sent.
 */
export async function sendMail(db: Db, message: MailMessage): Promise<boolean> {
  const settings = await loadSettings(db);
  if (!settings.smtp_enabled) return false;
  const transport = transportFrom(settings);
  try {
    await transport.sendMail({ from: fromAddress(settings), ...message });
    return true;
  } finally {
    transport.close();
  }
}

/** For flows that must answer the same whatever happens to the mail (password reset). */
export async function sendMailQuietly(db: Db, message: MailMessage): Promise<void> {
  try {
    await sendMail(db, message);
  } catch (err) {
    logger.warn({ err: err instanceof Error ? err.message : String(err) }, 'mail not sent');
  }
}
