import { afterEach, describe, expect, it } from 'vitest';
import { clientIp } from '@/lib/http/request-info';
import { setPeer } from '@/lib/http/peer';

function request(forwardedFor?: string, peer?: string): Request {
  const r = new Request('http://localhost/api/x', {
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });
  setPeer(r, peer);
  return r;
}

describe('clientIp', () => {
  afterEach(() => {
    delete process.env.TRUST_PROXY;
  });

  it('uses the TCP peer, not a forwarded address the client made up', () => {
    expect(clientIp(request('203.0.113.1', '198.51.100.2'))).toBe('198.51.100.2');
  });

  it('without a peer, takes the address the nearest hop appended', () => {
    expect(clientIp(request('203.0.113.1, 10.0.0.7'))).toBe('10.0.0.7');
  });

  it('believes the first forwarded address behind a trusted proxy', () => {
    process.env.TRUST_PROXY = 'true';
    expect(clientIp(request('203.0.113.1, 10.0.0.7', '10.0.0.9'))).toBe('203.0.113.1');
  });

  it('is null when nothing tells', () => {
    expect(clientIp(request())).toBeNull();
  });
});
