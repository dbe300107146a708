import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';
import { createTokenUser } from '../../helpers/token-users';

const app = setupTestApp();
const uid = (p: string) => `${p}-${crypto.randomBytes(4).toString('hex')}`;

async function admin() {
  return (await createTokenUser({ admin: true })).token;
}

describe('/api/cron', () => {
  it('creates a job with its next run computed from the schedule', async () => {
    const token = await admin();
    const res = await app.request('/api/cron', {
      method: 'POST',
      token,
      body: { name: uid('job'), schedule: '0 3 * * *', timezone: 'Europe/Berlin' },
    });
    expect(res.status).toBe(201);
    const next = new Date(res.body.data.next_run_at);
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect(next.getTime() - Date.now()).toBeLessThanOrEqual(24 * 3600_000);
    expect(res.body.data.last_run_at).toBeNull();
  });

  it('refuses an invalid schedule or time zone with 400', async () => {
    const token = await admin();
    const bad = await app.request('/api/cron', {
      method: 'POST',
      token,
      body: { name: uid('job'), schedule: 'every day at noon' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].message).toMatch(/^"schedule" is not a valid cron expression/);
    const zone = await app.request('/api/cron', {
      method: 'POST',
      token,
      body: { name: uid('job'), schedule: '* * * * *', timezone: 'Mars/Olympus' },
    });
    expect(zone.status).toBe(400);
    expect(zone.body.errors[0].message).toBe('"timezone" is not a known time zone: Mars/Olympus');
  });

  it('refuses a client-set next_run_at or last_status', async () => {
    const token = await admin();
    const res = await app.request('/api/cron', {
      method: 'POST',
      token,
      body: { name: uid('job'), schedule: '* * * * *', last_status: 'success' },
    });
    expect(res.status).toBe(400);
  });

  it('answers 403 to a signed-in caller who is not an administrator', async () => {
    const user = await createTokenUser();
    expect((await app.request('/api/cron', { token: user.token })).status).toBe(403);
    const create = await app.request('/api/cron', {
      method: 'POST',
      token: user.token,
      body: { name: uid('job'), schedule: '* * * * *' },
    });
    expect(create.status).toBe(403);
  });

  it('clears the next run when a job is disabled and sets it again when enabled', async () => {
    const token = await admin();
    const created = await app.request('/api/cron', {
      method: 'POST',
      token,
      body: { name: uid('job'), schedule: '*/5 * * * *' },
    });
    const id = created.body.data.id;
    const off = await app.request(`/api/cron/${id}`, {
      method: 'PATCH',
      token,
      body: { enabled: false },
    });
    expect(off.body.data.next_run_at).toBeNull();
    const on = await app.request(`/api/cron/${id}`, {
      method: 'PATCH',
      token,
      body: { enabled: true },
    });
    expect(on.body.data.next_run_at).not.toBeNull();
  });

  it('runs a job now on trigger and records a failing run’s error', async () => {
    const token = await admin();
    const created = await app.request('/api/cron', {
      method: 'POST',
      token,
      body: { name: uid('job'), schedule: '0 0 1 1 *' },
    });
    const id = created.body.data.id;
    const run = await app.request(`/api/cron/${id}/trigger`, { method: 'POST', token });
    expect(run.status).toBe(200);
    expect(run.body.data.status).toBe('error');
    const job = await app.request(`/api/cron/${id}`, { token });
    expect(job.body.data.last_status).toBe('error');
    expect(job.body.data.last_error).toMatch(/operation/);
    expect(job.body.data.last_run_at).not.toBeNull();
    const runs = await app.request(`/api/cron/${id}/runs`, { token });
    expect(runs.body.data).toHaveLength(1);
    expect(runs.body.data[0]).toMatchObject({ trigger: 'manual', status: 'error' });
  });

  it('answers 404 to a trigger of an unknown job', async () => {
    const token = await admin();
    const res = await app.request(`/api/cron/${crypto.randomUUID()}/trigger`, {
      method: 'POST',
      token,
    });
    expect(res.status).toBe(404);
  });
});
