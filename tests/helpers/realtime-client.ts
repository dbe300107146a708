import { expect } from 'vitest';
import type { RealtimeEvent } from '@/lib/client/realtime/connection';
import type { TestApp } from './app';
import { sleep } from './realtime';

/** Collects the events (and refusals) a subscription of the studio's client gets. */
export function recorder() {
  const events: RealtimeEvent[] = [];
  const errors: string[] = [];
  return {
    events,
    errors,
    handlers: {
      onEvent: (e: RealtimeEvent) => events.push(e),
      onError: (c: string) => errors.push(c),
    },
    async until(match: (e: RealtimeEvent) => boolean, ms = 5_000) {
      const start = Date.now();
      while (Date.now() - start < ms) {
        const hit = events.find(match);
        if (hit) return hit;
        await sleep(20);
      }
      throw new Error(`no matching event within ${ms} ms: ${JSON.stringify(events)}`);
    },
  };
}

/** Subscriptions open on this process's hub now. */
export async function serverSubscriptions(): Promise<number> {
  const { subscriptionCount } = await import('@/lib/realtime/hub');
  return subscriptionCount();
}

export async function eventually(check: () => Promise<boolean> | boolean, ms = 5_000) {
  const start = Date.now();
  while (Date.now() - start < ms) {
    if (await check()) return;
    await sleep(20);
  }
  throw new Error('condition not met in time');
}

/** A `create` event carrying an item with `title`. */
export const created = (title: string) => (e: RealtimeEvent) =>
  e.event === 'create' && JSON.stringify(e.data).includes(title);

/** Creates an item with `title` through the API; its key. */
export async function createTitled(
  app: TestApp,
  token: string,
  collection: string,
  title: string,
): Promise<number> {
  const res = await app.request(`/api/items/${collection}`, {
    method: 'POST',
    token,
    body: { title },
  });
  expect(res.status).toBe(201);
  return res.body.data.id as number;
}
