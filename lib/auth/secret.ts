import 'server-only';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { config } from '@/lib/core/config';

const holder = globalThis as typeof globalThis & { __daasSecret?: Uint8Array };

/**
 * The key that signs tokens: `SECRET`, or one generated once and kept in DATA_DIR so that
 * restarts and sibling worker processes agree. Production refuses to run without `SECRET`.
 */
export function signingKey(): Uint8Array {
  if (holder.__daasSecret) return holder.__daasSecret;
  const c = config();
  let secret = c.SECRET;
  if (!secret) {
    if (c.NODE_ENV === 'production' && !process.env.DAAS_ALLOW_GENERATED_SECRET) {
      throw new Error('SECRET must be set when NODE_ENV=production');
    }
    if (c.DATA_DIR === 'memory://') {
      secret = crypto.randomBytes(32).toString('hex');
    } else {
      const file = path.resolve(c.DATA_DIR, 'secret');
      fs.mkdirSync(path.dirname(file), { recursive: true });
      try {
        // 'wx' fails if another process created it first; then we read theirs.
        fs.writeFileSync(file, crypto.randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
      } catch {
        // exists already
      }
      secret = fs.readFileSync(file, 'utf8').trim();
    }
  }
  holder.__daasSecret = new TextEncoder().encode(secret);
  return holder.__daasSecret;
}
