import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';
import { createTokenUser } from '../../helpers/token-users';

const app = setupTestApp();
const uid = (p: string) => `${p}-${crypto.randomBytes(4).toString('hex')}`;

describe('/api/services', () => {
  it('lets an administrator create, read, update and delete a service', async () => {
    const { token } = await createTokenUser({ admin: true });
    const name = uid('svc');
    const created = await app.request('/api/services', {
      method: 'POST',
      token,
      body: { name, config: { region: 'eu' } },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ name, enabled: true, config: { region: 'eu' } });
    const id = created.body.data.id;
    const patched = await app.request(`/api/services/${id}`, {
      method: 'PATCH',
      token,
      body: { enabled: false },
    });
    expect(patched.body.data.enabled).toBe(false);
    expect((await app.request(`/api/services/${id}`, { method: 'DELETE', token })).status).toBe(
      204,
    );
    expect((await app.request(`/api/services/${id}`, { token })).status).toBe(404);
  });

  it('never returns the values under config.secrets', async () => {
    const { token } = await createTokenUser({ admin: true });
    const created = await app.request('/api/services', {
      method: 'POST',
      token,
      body: { name: uid('svc'), config: { url: 'https://x.test', secrets: { key: 'sk-123' } } },
    });
    expect(created.text).not.toContain('sk-123');
    const id = created.body.data.id;
    const one = await app.request(`/api/services/${id}`, { token });
    expect(one.text).not.toContain('sk-123');
    expect(one.body.data.config.secrets.key).toBe('**********');
    const list = await app.request('/api/services', { token });
    expect(list.text).not.toContain('sk-123');
  });

  it('keeps a secret sent back masked and replaces one sent in clear', async () => {
    const { token } = await createTokenUser({ admin: true });
    const created = await app.request('/api/services', {
      method: 'POST',
      token,
      body: { name: uid('svc'), config: { secrets: { a: 'first', b: 'second' } } },
    });
    const id = created.body.data.id;
    const patched = await app.request(`/api/services/${id}`, {
      method: 'PATCH',
      token,
      body: { config: { region: 'us', secrets: { a: '**********', b: 'changed' } } },
    });
    expect(patched.status).toBe(200);
    const { getDb } = await import('@/lib/db/client');
    const { sql } = await import('kysely');
    const { rows } = await sql<{ config: { secrets: Record<string, string> } | string }>`
      select config from daas_services where id = ${id}`.execute(getDb());
    const config = typeof rows[0].config === 'string' ? JSON.parse(rows[0].config) : rows[0].config;
    expect(config.secrets).toEqual({ a: 'first', b: 'changed' });
  });

  it('refuses a name that is not lower-case letters, digits and dashes', async () => {
    const { token } = await createTokenUser({ admin: true });
    const res = await app.request('/api/services', {
      method: 'POST',
      token,
      body: { name: 'Bad Name' },
    });
    expect(res.status).toBe(400);
  });

  it('answers 403 to a caller who is not an administrator', async () => {
    const user = await createTokenUser();
    expect((await app.request('/api/services', { token: user.token })).status).toBe(403);
  });
});
