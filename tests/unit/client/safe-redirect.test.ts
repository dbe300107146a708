import { describe, expect, it } from 'vitest';
import { safeRedirect } from '@/lib/client/auth/safe-redirect';

describe('safeRedirect', () => {
  it('keeps a studio path with its query', () => {
    expect(safeRedirect('/en/settings?tab=mail', 'en')).toBe('/en/settings?tab=mail');
  });

  it('falls back to the home page when no target is given', () => {
    expect(safeRedirect(null, 'de')).toBe('/de');
    expect(safeRedirect('', 'en')).toBe('/en');
  });

  it('refuses other origins, protocol-relative and backslash tricks', () => {
    for (const target of [
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
    ]) {
      expect(safeRedirect(target, 'en')).toBe('/en');
    }
  });

  it('refuses API paths and the login page itself', () => {
    expect(safeRedirect('/api/users/me', 'en')).toBe('/en');
    expect(safeRedirect('/en/login?redirect=/en/login', 'en')).toBe('/en');
  });
});
