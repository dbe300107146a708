import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, setupTestApp } from '../../helpers/app';
import { createPermittedUser } from '../../helpers/permissions';
import {
  eventOf,
  openLine,
  type Line,
  realtimeServer,
  signedInLine,
  sleep,
} from '../../helpers/realtime';

const app = setupTestApp();
const realtime = realtimeServer();
let admin: string;
const collection = `rt_${crypto.randomBytes(4).toString('hex')}`;

const event = eventOf;

const signedIn = (token: string): Promise<Line> => signedInLine(realtime.url, token);

beforeAll(async () => {
  admin = await app.adminToken();
  const made = await app.request('/api/collections', {
    method: 'POST',
    token: admin,
    body: {
      collection,
      fields: [
        { field: 'title', type: 'string' },
        { field: 'secret', type: 'string' },
        { field: 'status', type: 'string' },
      ],
    },
  });
  expect(made.status).toBe(201);
  await realtime.start();
});

afterAll(() => realtime.stop());

describe('realtime protocol errors and hostile input', () => {
  it('answers a bad JSON frame with INVALID_PAYLOAD and stays open', async () => {
    const line = await signedIn(admin);
    line.sendRaw('{not json');
    const err = await line.next((m) => m.status === 'error');
    expect(err).toMatchObject({ type: 'unknown', error: { code: 'INVALID_PAYLOAD' } });
    line.send({ type: 'ping', uid: 'p1' });
    expect(await line.next((m) => m.type === 'pong')).toEqual({ type: 'pong', uid: 'p1' });
    line.close();
  });

  it('answers an unknown message type with INVALID_PAYLOAD naming no internals', async () => {
    const line = await signedIn(admin);
    line.send({ type: 'drop-tables', uid: 'x' });
    const err = await line.next((m) => m.status === 'error');
    expect(err).toMatchObject({ type: 'unknown', uid: 'x', error: { code: 'INVALID_PAYLOAD' } });
    line.send({ type: 'subscribe', collection: 42, uid: 'y' });
    const bad = await line.next((m) => m.uid === 'y');
    expect(bad).toMatchObject({ type: 'subscribe', status: 'error' });
    expect(bad.error.code).toBe('INVALID_PAYLOAD');
    line.close();
  });

  it('closes the connection on a message larger than 64 KB', async () => {
    const line = await signedIn(admin);
    line.sendRaw(JSON.stringify({ type: 'ping', pad: 'x'.repeat(70 * 1024) }));
    expect(await line.closed).toBe(1009);
  });

  it('refuses an anonymous subscription and a bad token, and closes on the bad token', async () => {
    const anonymous = await openLine(realtime.url);
    anonymous.send({ type: 'subscribe', collection, uid: 'a' });
    const refused = await anonymous.next((m) => m.uid === 'a');
    expect(refused).toMatchObject({
      type: 'subscribe',
      status: 'error',
      error: { code: 'AUTH_FAILED' },
    });
    anonymous.send({ type: 'auth', access_token: 'not-a-token' });
    const failed = await anonymous.next((m) => m.type === 'auth');
    expect(failed).toMatchObject({ status: 'error', error: { code: 'AUTH_FAILED' } });
    expect(await anonymous.closed).toBe(1008);
  });

  it('refuses a collection the caller may not read, a system one and an unknown one', async () => {
    const user = await createPermittedUser([{ collection: 'nothing_here', action: 'read' }]);
    const token = await app.login(user.email, user.password);
    const line = await signedIn(token);
    line.send({ type: 'subscribe', collection, uid: 'c' });
    line.send({ type: 'subscribe', collection: 'daas_users', uid: 'd' });
    line.send({ type: 'subscribe', collection: 'no_such_table', uid: 'e' });
    for (const uid of ['c', 'd', 'e']) {
      const err = await line.next((m) => m.uid === uid);
      expect(err).toMatchObject({
        type: 'subscribe',
        status: 'error',
        error: { code: 'FORBIDDEN' },
      });
    }
    line.close();
  });
});

describe('realtime sign-in with the session cookie', () => {
  async function sessionCookie(): Promise<string> {
    const res = await app.request('/api/auth/login', {
      method: 'POST',
      body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD, mode: 'session' },
    });
    expect(res.status).toBe(200);
    const cookie = res.headers.get('set-cookie')!.split(';')[0];
    expect(cookie.startsWith('daas_session=')).toBe(true);
    return cookie;
  }

  it('signs in with the cookie of a page of this origin, without an auth message', async () => {
    const origin = new URL(realtime.url.replace('ws:', 'http:')).origin;
    const line = await openLine(realtime.url, { cookie: await sessionCookie(), origin });
    line.send({ type: 'subscribe', collection, uid: 'k' });
    expect(await line.next((m) => m.uid === 'k')).toMatchObject({ event: 'init' });
    line.close();
  });

  it("ignores the cookie when another site's page opens the connection", async () => {
    const line = await openLine(realtime.url, {
      cookie: await sessionCookie(),
      origin: 'https://elsewhere.example',
    });
    line.send({ type: 'subscribe', collection, uid: 'x' });
    const refused = await line.next((m) => m.uid === 'x');
    expect(refused).toMatchObject({ status: 'error', error: { code: 'AUTH_FAILED' } });
    line.close();
  });
});

describe('realtime token expiry', () => {
  async function shortLivedToken(): Promise<string> {
    process.env.ACCESS_TOKEN_TTL = '2s';
    try {
      return await app.login();
    } finally {
      delete process.env.ACCESS_TOKEN_TTL;
    }
  }

  it('sends TOKEN_EXPIRED when the token runs out, then closes the connection', async () => {
    const line = await signedIn(await shortLivedToken());
    const expired = await line.next((m) => m.type === 'auth' && m.status === 'error', 5_000);
    expect(expired.error.code).toBe('TOKEN_EXPIRED');
    expect(await line.closed).toBe(1008);
  }, 20_000);

  it('stays open when a fresh token arrives after TOKEN_EXPIRED', async () => {
    const line = await signedIn(await shortLivedToken());
    await line.next((m) => m.type === 'auth' && m.status === 'error', 5_000);
    line.send({ type: 'auth', access_token: admin, uid: 'again' });
    expect(await line.next((m) => m.uid === 'again')).toMatchObject({ status: 'ok' });
    await sleep(6_000);
    line.send({ type: 'ping', uid: 'alive' });
    expect(await line.next((m) => m.uid === 'alive')).toMatchObject({ type: 'pong' });
    line.close();
  }, 20_000);
});

describe('realtime subscriptions', () => {
  it('sends init, then create, update and delete for API writes', async () => {
    const line = await signedIn(admin);
    line.send({ type: 'subscribe', collection, uid: 's', query: { fields: ['id', 'title'] } });
    const init = await line.next(event('s', 'init'));
    expect(Array.isArray(init.data)).toBe(true);
    const created = await app.request(`/api/items/${collection}`, {
      method: 'POST',
      token: admin,
      body: { title: 'one', secret: 's1' },
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    const create = await line.next(event('s', 'create'));
    expect(create.data).toEqual([{ id, title: 'one' }]);
    await app.request(`/api/items/${collection}/${id}`, {
      method: 'PATCH',
      token: admin,
      body: { title: 'two' },
    });
    expect((await line.next(event('s', 'update'))).data).toEqual([{ id, title: 'two' }]);
    await app.request(`/api/items/${collection}/${id}`, { method: 'DELETE', token: admin });
    expect((await line.next(event('s', 'delete'))).data).toEqual([id]);
    await sleep(300);
    // Each change once: the API's own notice, never also the table's trigger.
    const events = line.received.filter((m) => m.uid === 's' && m.event !== 'init');
    expect(events.map((m) => m.event)).toEqual(['create', 'update', 'delete']);
    line.close();
  });

  it('sends a create for a row inserted with plain SQL, with its key', async () => {
    const line = await signedIn(admin);
    line.send({ type: 'subscribe', collection, uid: 'q', query: { fields: ['title'] } });
    await line.next(event('q', 'init'));
    const { getDb } = await import('@/lib/db/client');
    await sql`insert into ${sql.id(collection)} (title) values ('from-sql')`.execute(getDb());
    const create = await line.next(event('q', 'create'));
    expect(create.data).toEqual([{ title: 'from-sql' }]);
    line.close();
  });

  it("never carries a field or row hidden from a non-admin's permissions", async () => {
    const user = await createPermittedUser([
      {
        collection,
        action: 'read',
        fields: ['id', 'title', 'status'],
        permissions: { status: { _eq: 'public' } },
      },
    ]);
    const token = await app.login(user.email, user.password);
    const line = await signedIn(token);
    line.send({ type: 'subscribe', collection, uid: 'n', query: { fields: ['*'] } });
    await line.next(event('n', 'init'));
    for (const status of ['hidden', 'public']) {
      const res = await app.request(`/api/items/${collection}`, {
        method: 'POST',
        token: admin,
        body: { title: status, secret: 'classified', status },
      });
      expect(res.status).toBe(201);
    }
    const create = await line.next(event('n', 'create'));
    expect(create.data).toHaveLength(1);
    expect(create.data[0]).toMatchObject({ title: 'public', status: 'public' });
    expect(create.data[0]).not.toHaveProperty('secret');
    await sleep(300);
    const all = line.received.filter((m) => m.type === 'subscription' && m.event !== 'init');
    expect(JSON.stringify(all)).not.toContain('classified');
    expect(JSON.stringify(all)).not.toContain('"hidden"');
    line.close();
  });

  it('ends the subscription and sends nothing more once the read permission is revoked', async () => {
    const user = await createPermittedUser([{ collection, action: 'read' }]);
    const token = await app.login(user.email, user.password);
    const line = await signedIn(token);
    line.send({ type: 'subscribe', collection, uid: 'r' });
    await line.next(event('r', 'init'));
    const revoked = await app.request(
      `/api/permissions?filter[policy][_eq]=${user.policies[0]}&fields=id`,
      { token: admin },
    );
    const ids = revoked.body.data.map((p: { id: string }) => p.id);
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) {
      const gone = await app.request(`/api/permissions/${id}`, { method: 'DELETE', token: admin });
      expect(gone.status).toBe(204);
    }
    const ended = await line.next((m) => m.uid === 'r' && m.status === 'error');
    expect(ended).toMatchObject({ type: 'subscribe', error: { code: 'FORBIDDEN' } });
    await app.request(`/api/items/${collection}`, {
      method: 'POST',
      token: admin,
      body: { title: 'after-revoke' },
    });
    await sleep(300);
    expect(JSON.stringify(line.received)).not.toContain('after-revoke');
    line.close();
  });

  it('ends the subscription when its collection is deleted', async () => {
    const doomed = `rt_gone_${crypto.randomBytes(4).toString('hex')}`;
    const made = await app.request('/api/collections', {
      method: 'POST',
      token: admin,
      body: { collection: doomed, fields: [{ field: 'title', type: 'string' }] },
    });
    expect(made.status).toBe(201);
    const line = await signedIn(admin);
    line.send({ type: 'subscribe', collection: doomed, uid: 'g' });
    await line.next(event('g', 'init'));
    const dropped = await app.request(`/api/collections/${doomed}`, {
      method: 'DELETE',
      token: admin,
    });
    expect(dropped.status).toBe(204);
    const ended = await line.next((m) => m.uid === 'g' && m.status === 'error');
    expect(ended).toMatchObject({ type: 'subscribe', error: { code: 'FORBIDDEN' } });
    line.close();
  });

  it('creates and reads items over the connection with the caller permissions', async () => {
    const line = await signedIn(admin);
    line.send({
      type: 'items',
      action: 'create',
      collection,
      data: { title: 'via-ws' },
      uid: 'i1',
    });
    const made = await line.next((m) => m.uid === 'i1');
    expect(made).toMatchObject({ type: 'items', data: { title: 'via-ws' } });
    line.send({ type: 'items', action: 'read', collection, id: made.data.id, uid: 'i2' });
    expect(await line.next((m) => m.uid === 'i2')).toMatchObject({ data: { title: 'via-ws' } });
    line.close();
  });
});
