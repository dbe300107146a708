import 'server-only';
import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id at OWASP's recommended minimum (m=19 MiB, t=2, p=1, 32-byte output): what this
 * server hashes with, and the most it spends on a hash a caller hands it.
 */
export const HASH_PARAMETERS = { m: 19456, t: 2, p: 1, length: 32 } as const;

export function hashPassword(password: string): Promise<string> {
  const { m, t, p, length } = HASH_PARAMETERS;
  return hash(password, { memoryCost: m, timeCost: t, parallelism: p, outputLen: length });
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

export type HashParameter = keyof typeof HASH_PARAMETERS;

/**
 * The cost parameters of an argon2 hash in PHC form (`$argon2id$v=19$m=..,t=..,p=..$salt$hash`),
 * or null when the string is not one.
 */
export function argon2Parameters(phc: string): Record<HashParameter, number> | null {
  const parts = phc.split('$');
  if (parts.length !== 6 || !/^argon2(id|i|d)$/.test(parts[1])) return null;
  const found = Object.fromEntries(
    parts[3].split(',').map((kv) => {
      const [k, v] = kv.split('=');
      return [k, /^\d{1,10}$/.test(v ?? '') ? Number(v) : NaN];
    }),
  );
  const { m, t, p } = found as Record<string, number | undefined>;
  if (![m, t, p].every((n) => Number.isSafeInteger(n))) return null;
  const length = Buffer.from(parts[5], 'base64').length;
  return { m: m as number, t: t as number, p: p as number, length };
}

// Verifying against this when the email is unknown keeps both answers equally slow.
let dummy: Promise<string> | undefined;
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummy ??= hashPassword('daas-timing-equaliser');
  await verifyPassword(await dummy, password);
}
