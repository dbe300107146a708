import 'server-only';
import { generateSecret, generateSync, generateURI, ScureBase32Plugin, verifySync } from 'otplib';

// RFC 6238 defaults that every authenticator app understands: SHA-1, 6 digits, 30 s steps.
const PERIOD_SECONDS = 30;
const base32 = new ScureBase32Plugin();

/** RFC 4648 base32 (the encoding authenticator apps expect for TOTP secrets). */
export function base32Decode(input: string): Buffer {
  return Buffer.from(base32.decode(input.toUpperCase().replace(/\s+/g, '')));
}

export function base32Encode(bytes: Uint8Array): string {
  return base32.encode(bytes, { padding: false });
}

/** A new random TOTP secret (160 bits, base32). */
export function generateTotpSecret(): string {
  return generateSecret({ length: 20 });
}

/** The code of a base32 secret at a time. */
export function totpCode(secret: string, atMs = Date.now()): string {
  return generateSync({ secret, epoch: Math.floor(atMs / 1000), period: PERIOD_SECONDS });
}

/**
 * The time step a code belongs to, checked against the current step and one either side
 * (clock drift between server and phone, without widening the guessing window much); null
 * for a wrong or malformed code or secret.
 */
export function totpStep(secret: string, otp: string, atMs = Date.now()): number | null {
  if (!/^\d{6}$/.test(otp)) return null;
  try {
    const epoch = Math.floor(atMs / 1000);
    const result = verifySync({
      secret,
      token: otp,
      epoch,
      period: PERIOD_SECONDS,
      epochTolerance: PERIOD_SECONDS,
    });
    return result.valid ? Math.floor(epoch / PERIOD_SECONDS) + result.delta : null;
  } catch {
    return null;
  }
}

export function verifyTotp(secret: string, otp: string, atMs = Date.now()): boolean {
  return totpStep(secret, otp, atMs) !== null;
}

/** The `otpauth://` URI an authenticator app scans (as a QR code) to enrol the secret. */
export function otpauthUrl(secret: string, account: string, issuer: string): string {
  return generateURI({ issuer, label: account, secret, period: PERIOD_SECONDS });
}
