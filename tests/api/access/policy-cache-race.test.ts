import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';
import { createTokenUser, type TokenUser } from '../../helpers/token-users';

/**
 * A grant change can land while a request is loading the caller's policies. What that load
 * read is already stale, so it must not be kept: the next request reads again.
 */

const app = setupTestApp();
let user: TokenUser;

beforeAll(async () => {
  user = await createTokenUser();
  // The app and its caches up before the test watches statements.
  expect((await app.request('/api/users/me', { token: user.token })).status).toBe(200);
});

async function policyReads(work: () => Promise<unknown>, during?: () => void): Promise<number> {
  const { observeQueries } = await import('@/lib/db/client');
  let reads = 0;
  const stop = observeQueries((sql) => {
    if (!sql.includes('daas_policies')) return;
    reads++;
    during?.();
  });
  try {
    await work();
  } finally {
    stop();
  }
  return reads;
}

describe('the policies cache and a change during a load', () => {
  it('does not keep what a load read before an invalidation that came during it', async () => {
    const { getDb } = await import('@/lib/db/client');
    const { invalidateAccessCache, resolveUserAccess } = await import('@/lib/access/policies');
    const me = await app.request('/api/users/me?fields=id,role', { token: user.token });
    expect(me.status).toBe(200);
    const subject = { id: me.body.data.id, role: me.body.data.role ?? null, ip: '127.0.0.1' };
    const resolve = () => resolveUserAccess(getDb(), subject);

    invalidateAccessCache();
    let fired = false;
    const racing = await policyReads(resolve, () => {
      // A grant changed elsewhere while this load was reading.
      if (!fired) {
        fired = true;
        invalidateAccessCache();
      }
    });
    expect(racing).toBeGreaterThan(0);
    // The stale load was not cached: this one reads again...
    expect(await policyReads(resolve)).toBeGreaterThan(0);
    // ...and, with no change since, its result is kept.
    expect(await policyReads(resolve)).toBe(0);
  });
});
