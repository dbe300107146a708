import 'server-only';
import { hash, verify } from '@node-rs/argon2';

// argon2id with the library's defaults (m=19 MiB, t=2, p=1), OWASP's recommended minimum.
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

// Verifying against this when the email is unknown keeps both answers equally slow.
let dummy: Promise<string> | undefined;
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummy ??= hash('daas-timing-equaliser');
  await verifyPassword(await dummy, password);
}
