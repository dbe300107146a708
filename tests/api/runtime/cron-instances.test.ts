import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';
import { startInstance, type Instance } from '../../helpers/instance';
import { exec } from '../../helpers/schema-sql';
import { createTokenUser } from '../../helpers/token-users';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// Two processes on one database: only a PostgreSQL server allows that.
describe.runIf(process.env.DATABASE_URL)('cron across two server processes', () => {
  const app = setupTestApp();
  const instances: Instance[] = [];

  beforeAll(async () => {
    const env = { DATABASE_URL: process.env.DATABASE_URL!, CRON_ENABLED: 'true' };
    instances.push(...(await Promise.all([startInstance(env), startInstance(env)])));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(instances.map((i) => i.stop()));
  });

  it('runs a job due every second once per tick', async () => {
    const admin = await createTokenUser({ admin: true });
    const token = admin.token;
    const table = `cron_ticks_${crypto.randomBytes(4).toString('hex')}`;
    await exec(`create table ${table} (id serial primary key, at text)`);
    (await import('@/lib/schema/overview')).invalidateSchema();
    const op = await app.request('/api/extensions', {
      method: 'POST',
      token,
      body: {
        name: `tick-${crypto.randomBytes(4).toString('hex')}`,
        type: 'operation',
        run_as: admin.id,
        source: `export default async (payload, { services }) =>
          services.items('${table}').createOne({ at: new Date().toISOString() });`,
      },
    });
    expect(op.status).toBe(201);
    const created = await app.request('/api/cron', {
      method: 'POST',
      token,
      body: {
        name: `every-second-${crypto.randomBytes(4).toString('hex')}`,
        schedule: '* * * * * *',
        operation: op.body.data.id,
      },
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    const started = Date.now();
    await sleep(5_000);
    await app.request(`/api/cron/${id}`, { method: 'PATCH', token, body: { enabled: false } });
    const seconds = (Date.now() - started) / 1000;
    await sleep(1_000);
    const db = (await import('@/lib/db/client')).getDb();
    const { rows } = await sql<{ scheduled_for: Date; n: number }>`
      select scheduled_for, count(*)::int as n from daas_cron_runs
      where cron = ${id} and trigger = 'schedule' group by scheduled_for`.execute(db);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows.length).toBeLessThanOrEqual(Math.ceil(seconds) + 1);
    expect(rows.every((r) => r.n === 1)).toBe(true);
    // Each run did its work once: one row per scheduled time, none twice.
    const ticks = await sql<{
      n: number;
    }>`select count(*)::int as n from ${sql.table(table)}`.execute(db);
    expect(ticks.rows[0].n).toBe(rows.length);
    const job = await app.request(`/api/cron/${id}`, { token });
    expect(job.body.data.last_run_at).not.toBeNull();
    expect(job.body.data.next_run_at).toBeNull();
  }, 30_000);
});
