import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';
import { createTokenUser, type TokenUser } from '../../helpers/token-users';

/** `context.services.cron` reaches the cron module, which is handed to stored code at load. */

const app = setupTestApp();
let admin: TokenUser;
let job: { id: string; name: string };
let ext: string;

beforeAll(async () => {
  admin = await createTokenUser({ admin: true });
  const name = `svc-job-${crypto.randomBytes(4).toString('hex')}`;
  const created = await app.request('/api/cron', {
    method: 'POST',
    token: admin.token,
    body: { name, schedule: '0 3 * * *' },
  });
  expect(created.status).toBe(201);
  job = { id: created.body.data.id, name };
  ext = `cron-svc-${crypto.randomBytes(4).toString('hex')}`;
  const res = await app.request('/api/extensions', {
    method: 'POST',
    token: admin.token,
    body: {
      name: ext,
      type: 'endpoint',
      source: `export default async (r, { services }) => {
        const jobs = await services.cron.list();
        const run = await services.cron.trigger('${job.id}');
        return { status: 200, body: { names: jobs.map((j) => j.name), run } };
      };`,
    },
  });
  expect(res.status).toBe(201);
});

describe('context.services.cron in runtime extensions', () => {
  it('lists jobs and runs one for an administrator caller', async () => {
    const res = await app.request(`/api/ext/${ext}`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.names).toContain(job.name);
    // The job names no operation, so its run is recorded as failed: what matters is that it ran.
    expect(res.body.run).toMatchObject({ status: 'error' });
    const runs = await app.request(`/api/cron/${job.id}/runs`, { token: admin.token });
    expect(runs.status).toBe(200);
    expect(runs.body.data.map((r: { trigger: string }) => r.trigger)).toContain('manual');
  });

  it('refuses a caller who is not an administrator, and runs nothing', async () => {
    const member = await createTokenUser();
    const before = await app.request(`/api/cron/${job.id}/runs`, { token: admin.token });
    const res = await app.request(`/api/ext/${ext}`, { token: member.token });
    expect(res.status).toBe(500);
    expect(JSON.stringify(res.body)).not.toContain(job.name);
    const after = await app.request(`/api/cron/${job.id}/runs`, { token: admin.token });
    expect(after.body.data).toHaveLength(before.body.data.length);
  });
});
