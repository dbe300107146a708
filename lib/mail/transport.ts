import 'server-only';
import nodemailer from 'nodemailer';
import type { SettingsRow } from '@/lib/settings/cache';

/** A nodemailer transport from the SMTP settings (port 465 with smtp_secure; STARTTLS otherwise). */
export function transportFrom(s: SettingsRow) {
  return nodemailer.createTransport({
    host: s.smtp_host ?? 'localhost',
    port: s.smtp_port ?? (s.smtp_secure ? 465 : 587),
    secure: s.smtp_secure,
    ignoreTLS: s.smtp_ignore_tls,
    tls: s.smtp_ignore_tls ? { rejectUnauthorized: false } : undefined,
    auth: s.smtp_user ? { user: s.smtp_user, pass: s.smtp_password ?? '' } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
  });
}

export function fromAddress(s: SettingsRow): string {
  const email = s.smtp_from_email ?? 'no-reply@localhost';
  return s.smtp_from_name ? `"${s.smtp_from_name.replace(/"/g, '')}" <${email}>` : email;
}
