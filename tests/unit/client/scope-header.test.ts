import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from '@/lib/client/fetcher';
import { getActiveScope, setActiveScope, subscribeScope } from '@/lib/client/scope/scope-store';

function captureHeaders() {
  const seen: Headers[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      seen.push(new Headers(init.headers));
      return new Response('{}', { status: 200 });
    }),
  );
  return seen;
}

afterEach(() => {
  setActiveScope(null);
  vi.unstubAllGlobals();
});

describe('the active scope on studio requests', () => {
  it('sends no scope header at the root scope', async () => {
    const seen = captureHeaders();
    await apiFetch('/api/users');
    expect(seen[0]!.has('x-resource-uri')).toBe(false);
  });

  it('sends the active scope as X-Resource-Uri and tells subscribers it changed', async () => {
    const seen = captureHeaders();
    const listener = vi.fn();
    const stop = subscribeScope(listener);
    setActiveScope('/acme/shop');
    stop();
    expect(listener).toHaveBeenCalledOnce();
    expect(getActiveScope()).toBe('/acme/shop');
    await apiFetch('/api/items/notes');
    expect(seen[0]!.get('x-resource-uri')).toBe('/acme/shop');
  });

  it('lets one request name its own scope, the empty one meaning the root', async () => {
    const seen = captureHeaders();
    setActiveScope('/acme');
    await apiFetch('/api/scope', { scope: '' });
    await apiFetch('/api/permissions/me', { scope: '/globex' });
    expect(seen[0]!.get('x-resource-uri')).toBe('');
    expect(seen[1]!.get('x-resource-uri')).toBe('/globex');
  });
});
