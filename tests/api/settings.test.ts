import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../helpers/app';
import { createTokenUser, type TokenUser } from '../helpers/token-users';

const app = setupTestApp();
let admin: TokenUser;
let member: TokenUser;

beforeAll(async () => {
  admin = await createTokenUser({ admin: true });
  member = await createTokenUser();
});

const patch = (body: unknown, token = admin.token) =>
  app.request('/api/settings', { method: 'PATCH', body, token });

async function storedPassword(): Promise<string | null> {
  const { getDb } = await import('@/lib/db/client');
  const row = await getDb().selectFrom('daas_settings').select('smtp_password').executeTakeFirst();
  return row?.smtp_password ?? null;
}

describe('GET /api/settings', () => {
  it('answers 401 UNAUTHENTICATED in the structured envelope without credentials', async () => {
    const res = await app.request('/api/settings');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      errors: [{ message: 'Not authenticated', extensions: { code: 'UNAUTHENTICATED' } }],
    });
  });

  it('answers 403 FORBIDDEN to a signed-in non-admin', async () => {
    const res = await app.request('/api/settings', { token: member.token });
    expect(res.status).toBe(403);
    expect(res.body.errors[0].extensions.code).toBe('FORBIDDEN');
  });

  it('returns every setting to an admin, with the SMTP password key null when none is set', async () => {
    const res = await app.request('/api/settings', { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      project_name: 'DaaS',
      activity_retention_days: 90,
      smtp_enabled: false,
      smtp_password: null,
      cors_enabled: false,
      cors_origins: [],
      cors_methods: ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'],
      cors_max_age: 600,
    });
  });
});

describe('PATCH /api/settings', () => {
  it('updates the given fields and returns the whole updated record', async () => {
    const res = await patch({
      project_name: 'Acme Data',
      smtp_host: 'mail.example.com',
      smtp_port: 587,
      smtp_from_email: 'noreply@example.com',
      cors_origins: ['https://app.example.com', 'http://localhost:5173'],
      cors_methods: ['GET', 'POST'],
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      project_name: 'Acme Data',
      smtp_host: 'mail.example.com',
      smtp_port: 587,
      smtp_from_email: 'noreply@example.com',
      cors_origins: ['https://app.example.com', 'http://localhost:5173'],
      cors_methods: ['GET', 'POST'],
      activity_retention_days: 90,
    });
    const again = await app.request('/api/settings', { token: admin.token });
    expect(again.body.data.project_name).toBe('Acme Data');
    expect(again.body.data.cors_methods).toEqual(['GET', 'POST']);
  });

  it('stores the SMTP password but only ever answers with a mask', async () => {
    const res = await patch({ smtp_user: 'mailer', smtp_password: 's3cret-pass' });
    expect(res.status).toBe(200);
    expect(res.body.data.smtp_password).toBe('**********');
    expect(res.text).not.toContain('s3cret-pass');
    const read = await app.request('/api/settings', { token: admin.token });
    expect(read.body.data.smtp_password).toBe('**********');
    expect(read.text).not.toContain('s3cret-pass');
    expect(await storedPassword()).toBe('s3cret-pass');
  });

  it('keeps the stored SMTP password when the mask is sent back, and clears it with null', async () => {
    await patch({ smtp_password: 'keep-me' });
    const masked = await patch({ smtp_password: '**********', smtp_user: 'other' });
    expect(masked.status).toBe(200);
    expect(await storedPassword()).toBe('keep-me');
    const cleared = await patch({ smtp_password: null });
    expect(cleared.body.data.smtp_password).toBeNull();
    expect(await storedPassword()).toBeNull();
  });

  it('answers 403 to a non-admin and leaves the settings unchanged', async () => {
    const res = await patch({ project_name: 'Hijacked' }, member.token);
    expect(res.status).toBe(403);
    expect(res.body.errors[0].extensions.code).toBe('FORBIDDEN');
    const read = await app.request('/api/settings', { token: admin.token });
    expect(read.body.data.project_name).not.toBe('Hijacked');
  });

  it('answers 401 without credentials', async () => {
    const res = await app.request('/api/settings', {
      method: 'PATCH',
      body: { project_name: 'x' },
    });
    expect(res.status).toBe(401);
    expect(res.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });

  it.each([
    ['smtp_port', { smtp_port: 0 }],
    ['smtp_port', { smtp_port: 65536 }],
    ['smtp_port', { smtp_port: 25.5 }],
    ['activity_retention_days', { activity_retention_days: -1 }],
    ['activity_retention_days', { activity_retention_days: 1.5 }],
    ['smtp_from_email', { smtp_from_email: 'not-an-email' }],
    ['cors_origins', { cors_origins: ['https://app.example.com/path'] }],
    ['cors_origins', { cors_origins: ['https://app.example.com/'] }],
    ['cors_origins', { cors_origins: ['app.example.com'] }],
    ['cors_origins', { cors_origins: ['ftp://files.example.com'] }],
    ['cors_origins', { cors_origins: 'https://app.example.com' }],
    ['cors_methods', { cors_methods: ['GET', 'TRACE'] }],
    ['cors_allowed_headers', { cors_allowed_headers: ['Bad Header'] }],
    ['cors_max_age', { cors_max_age: -5 }],
    ['project_name', { project_name: '' }],
  ])('answers 400 INVALID_PAYLOAD naming %s for %j', async (field, body) => {
    const res = await patch(body);
    expect(res.status).toBe(400);
    expect(res.body.errors[0].extensions.code).toBe('INVALID_PAYLOAD');
    expect(res.body.errors[0].message).toContain(`"${field}`);
  });

  it('answers 400 naming unknown fields and changes nothing', async () => {
    const res = await patch({ project_name: 'Should Not Apply', favourite_colour: 'blue' });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message).toContain('"favourite_colour"');
    const read = await app.request('/api/settings', { token: admin.token });
    expect(read.body.data.project_name).not.toBe('Should Not Apply');
  });
});

describe('GET /api/settings/general', () => {
  it('returns the project name and activity retention to an admin', async () => {
    await patch({ activity_retention_days: 30 });
    const res = await app.request('/api/settings/general', { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      activity_retention_days: 30,
      project_name: expect.any(String),
    });
  });

  it('answers a non-admin whose policy grants read on daas_settings', async () => {
    const reader = await createTokenUser({
      permissions: [{ collection: 'daas_settings', action: 'read' }],
    });
    const res = await app.request('/api/settings/general', { token: reader.token });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data).sort()).toEqual(['activity_retention_days', 'project_name']);
  });

  it('returns only the fields the read permission lists', async () => {
    const reader = await createTokenUser({
      permissions: [
        { collection: 'daas_settings', action: 'read', fields: ['activity_retention_days'] },
      ],
    });
    const res = await app.request('/api/settings/general', { token: reader.token });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data)).toEqual(['activity_retention_days']);
  });

  it('answers 403 to a non-admin with read on another collection or another action only', async () => {
    const other = await createTokenUser({
      permissions: [
        { collection: 'daas_activity', action: 'read' },
        { collection: 'daas_settings', action: 'update' },
      ],
    });
    const res = await app.request('/api/settings/general', { token: other.token });
    expect(res.status).toBe(403);
    expect(res.body.errors[0].extensions.code).toBe('FORBIDDEN');
    const plain = await app.request('/api/settings/general', { token: member.token });
    expect(plain.status).toBe(403);
  });

  it('answers 401 without credentials', async () => {
    const res = await app.request('/api/settings/general');
    expect(res.status).toBe(401);
    expect(res.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });
});

describe('PATCH /api/settings/general', () => {
  it('lets an admin change the activity retention (0 disables purging)', async () => {
    const res = await app.request('/api/settings/general', {
      method: 'PATCH',
      token: admin.token,
      body: { activity_retention_days: 0 },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.activity_retention_days).toBe(0);
    const read = await app.request('/api/settings', { token: admin.token });
    expect(read.body.data.activity_retention_days).toBe(0);
  });

  it('answers 403 to a non-admin even with read permission on daas_settings', async () => {
    const reader = await createTokenUser({
      permissions: [{ collection: 'daas_settings', action: 'read' }],
    });
    const res = await app.request('/api/settings/general', {
      method: 'PATCH',
      token: reader.token,
      body: { activity_retention_days: 5 },
    });
    expect(res.status).toBe(403);
  });

  it('answers 400 for fields that are not general settings', async () => {
    const res = await app.request('/api/settings/general', {
      method: 'PATCH',
      token: admin.token,
      body: { smtp_host: 'mail.example.com' },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message).toContain('"smtp_host"');
  });
});
