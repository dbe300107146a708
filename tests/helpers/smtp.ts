import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { getDb } from '@/lib/db/client';
import { invalidateSettings } from '@/lib/settings/cache';

export interface CapturedMail {
  from: string;
  to: string[];
  raw: string;
  headers: Record<string, string>;
  /** The decoded text/plain body (quoted-printable and base64 undone). */
  text: string;
}

export interface TestSmtpServer {
  port: number;
  mails: CapturedMail[];
  /** Resolves with the first captured mail (past or future) that matches, or rejects. */
  waitForMail(match?: (m: CapturedMail) => boolean, timeoutMs?: number): Promise<CapturedMail>;
  /** Points the settings row at this server with smtp_enabled on. */
  enable(): Promise<void>;
  /** Turns smtp_enabled off again. */
  disable(): Promise<void>;
  close(): Promise<void>;
}

function parseHeaders(block: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) out[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return out;
}

function splitPart(raw: string): { headers: Record<string, string>; body: string } {
  const m = /\r?\n\r?\n/.exec(raw);
  if (!m) return { headers: parseHeaders(raw), body: '' };
  return { headers: parseHeaders(raw.slice(0, m.index)), body: raw.slice(m.index + m[0].length) };
}

function decodeBody(headers: Record<string, string>, body: string): string {
  const encoding = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  if (encoding === 'base64')
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** The text/plain part of a single-part or multipart message. */
function textOf(raw: string): { headers: Record<string, string>; text: string } {
  const top = splitPart(raw);
  const type = top.headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!/^multipart\//i.test(type) || !boundary) {
    return { headers: top.headers, text: decodeBody(top.headers, top.body) };
  }
  for (const chunk of top.body.split(`--${boundary}`).slice(1)) {
    const inner = textOf(chunk.replace(/^\r?\n/, ''));
    if (inner.text && /^text\/plain/i.test(inner.headers['content-type'] ?? 'text/plain')) {
      return { headers: top.headers, text: inner.text };
    }
  }
  return { headers: top.headers, text: '' };
}

/** An in-process SMTP server on a free local port that keeps every message it receives. */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const mails: CapturedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const { headers, text } = textOf(raw);
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          headers,
          text,
        });
        waiters.forEach((w) => w());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;

  const setSettings = async (enabled: boolean) => {
    await getDb()
      .updateTable('daas_settings')
      .set({
        smtp_enabled: enabled,
        smtp_host: '127.0.0.1',
        smtp_port: port,
        smtp_secure: false,
        smtp_ignore_tls: true,
        smtp_user: null,
        smtp_from_email: 'daas@example.com',
      })
      .execute();
    invalidateSettings();
  };

  return {
    port,
    mails,
    waitForMail(match = () => true, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = mails.find(match);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching mail within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    enable: () => setSettings(true),
    disable: () => setSettings(false),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
