import { describe, expect, it } from 'vitest';
import {
  base32Decode,
  base32Encode,
  generateTotpSecret,
  otpauthUrl,
  totpCode,
  verifyTotp,
} from '@/lib/auth/totp';

// RFC 6238 appendix B, SHA-1 seed "12345678901234567890", last six of the eight digits.
const SECRET = base32Encode(Buffer.from('12345678901234567890'));

describe('TOTP', () => {
  it('encodes the RFC seed as the well-known base32 string and back', () => {
    expect(SECRET).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(base32Decode(SECRET).toString()).toBe('12345678901234567890');
  });

  it.each([
    [59, '287082'],
    [1111111109, '081804'],
    [1234567890, '005924'],
    [2000000000, '279037'],
  ])('gives the RFC 6238 code at T=%i', (seconds, code) => {
    expect(totpCode(SECRET, seconds * 1000)).toBe(code);
  });

  it('accepts the neighbouring steps and refuses anything further or malformed', () => {
    const now = 1234567890 * 1000;
    expect(verifyTotp(SECRET, '005924', now)).toBe(true);
    expect(verifyTotp(SECRET, totpCode(SECRET, now - 30_000), now)).toBe(true);
    expect(verifyTotp(SECRET, totpCode(SECRET, now + 30_000), now)).toBe(true);
    expect(verifyTotp(SECRET, totpCode(SECRET, now - 90_000), now)).toBe(false);
    expect(verifyTotp(SECRET, '5924', now)).toBe(false);
    expect(verifyTotp(SECRET, 'abcdef', now)).toBe(false);
    expect(verifyTotp('not base32!', '005924', now)).toBe(false);
  });

  it('generates distinct 160-bit base32 secrets whose codes verify', () => {
    const a = generateTotpSecret();
    expect(a).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(a)).toHaveLength(20);
    expect(generateTotpSecret()).not.toBe(a);
    expect(verifyTotp(a, totpCode(a))).toBe(true);
  });

  it('builds an otpauth URI an authenticator app can scan', () => {
    const url = new URL(otpauthUrl(SECRET, 'ann@example.com', 'DaaS'));
    expect(url.protocol).toBe('otpauth:');
    expect(decodeURIComponent(url.pathname)).toContain('DaaS:ann@example.com');
    expect(url.searchParams.get('secret')).toBe(SECRET);
    expect(url.searchParams.get('issuer')).toBe('DaaS');
  });
});
