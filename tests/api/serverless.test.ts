import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { setupTestApp } from '../helpers/app';
import { exec } from '../helpers/schema-sql';
import { createTokenUser } from '../helpers/token-users';

const app = setupTestApp();
const SECRET = 'cron-secret-for-tests';

async function db() {
  return (await import('@/lib/db/client')).getDb();
}

/** Sets variables for one test; afterEach puts the previous values back. */
const saved = new Map<string, string | undefined>();
function setEnv(values: Record<string, string | undefined>): void {
  for (const [key, value] of Object.entries(values)) {
    if (!saved.has(key)) saved.set(key, process.env[key]);
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
}
afterEach(() => {
  for (const [key, value] of saved) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  saved.clear();
});

function cronCall(authorization?: string) {
  return app.request('/api/server/cron', {
    headers: authorization ? { authorization } : {},
  });
}

/** An enabled job whose operation adds a row to `table`, due now. */
async function dueJob(table: string): Promise<string> {
  const admin = await createTokenUser({ admin: true });
  await exec(`create table ${table} (id serial primary key, at text)`);
  const op = await app.request('/api/extensions', {
    method: 'POST',
    token: admin.token,
    body: {
      name: `op-${table.replaceAll('_', '-')}`,
      type: 'operation',
      run_as: admin.id,
      source: `export default async (payload, { services }) =>
        services.items('${table}').createOne({ at: new Date().toISOString() });`,
    },
  });
  expect(op.status, op.text).toBe(201);
  const job = await app.request('/api/cron', {
    method: 'POST',
    token: admin.token,
    body: {
      name: `job-${table.replaceAll('_', '-')}`,
      schedule: '0 0 1 1 *',
      operation: op.body.data.id,
    },
  });
  expect(job.status).toBe(201);
  const id = job.body.data.id as string;
  await sql`update daas_cron set next_run_at = now() - interval '1 second' where id = ${id}`.execute(
    await db(),
  );
  return id;
}

describe('GET /api/server/cron', () => {
  it('answers 403 while CRON_SECRET is unset, whoever calls', async () => {
    setEnv({ CRON_SECRET: undefined });
    const res = await cronCall(`Bearer ${await app.adminToken()}`);
    expect(res.status).toBe(403);
    expect(res.body.errors[0].extensions.code).toBe('FORBIDDEN');
  });

  it('answers 401 to an anonymous caller, a wrong secret and a user token', async () => {
    setEnv({ CRON_SECRET: SECRET });
    const user = await createTokenUser();
    for (const authorization of [undefined, 'Bearer not-the-secret', `Bearer ${user.token}`]) {
      const res = await cronCall(authorization);
      expect(res.status).toBe(401);
      expect(res.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    }
  });

  it('runs a due job once across concurrent calls and answers after it ran', async () => {
    setEnv({ CRON_SECRET: SECRET });
    const table = `cron_call_${crypto.randomBytes(4).toString('hex')}`;
    const id = await dueJob(table);
    const calls = await Promise.all(Array.from({ length: 4 }, () => cronCall(`Bearer ${SECRET}`)));
    expect(calls.map((c) => c.status)).toEqual([200, 200, 200, 200]);
    expect(calls.reduce((n, c) => n + c.body.data.started, 0)).toBe(1);
    // Answered after the run: its row and its work are there already.
    const runs = await sql<{ status: string }>`
      select status from daas_cron_runs where cron = ${id}`.execute(await db());
    expect(runs.rows).toEqual([{ status: 'success' }]);
    const done = await sql<{
      n: number;
    }>`select count(*)::int as n from ${sql.table(table)}`.execute(await db());
    expect(done.rows[0]!.n).toBe(1);
    const again = await cronCall(`Bearer ${SECRET}`);
    expect(again.body.data).toEqual({ started: 0, purged: null });
  });

  it('purges old activity when asked for housekeeping', async () => {
    setEnv({ CRON_SECRET: SECRET });
    const res = await app.request('/api/server/cron?housekeeping=true', {
      headers: { authorization: `Bearer ${SECRET}` },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.purged).toEqual(expect.any(Number));
  });
});

describe('the serverless start-up check', () => {
  async function check() {
    return (await import('@/lib/serverless')).checkServerless(await db());
  }
  const ready = {
    SERVERLESS: 'true',
    DATABASE_URL: process.env.DATABASE_URL ?? 'postgres://127.0.0.1:1/unused',
    STORAGE_S3_BUCKET: 'files',
    SECRET: 'x'.repeat(64),
  };

  it('passes with a database server, a bucket, a secret and every migration applied', async () => {
    setEnv(ready);
    await expect(check()).resolves.toBeUndefined();
  });

  it('refuses to start without a bucket, a database server or a secret, naming what to set', async () => {
    setEnv({ ...ready, STORAGE_S3_BUCKET: undefined });
    await expect(check()).rejects.toThrow(/STORAGE_S3_BUCKET/);
    setEnv({ ...ready, DATABASE_URL: undefined });
    await expect(check()).rejects.toThrow(/DATABASE_URL/);
    setEnv({ ...ready, SECRET: undefined });
    await expect(check()).rejects.toThrow(/SECRET/);
  });

  it('refuses to start on a database missing a migration: migrations are a deploy step', async () => {
    setEnv(ready);
    const last = '0009-user-provider-identity';
    await sql`delete from daas_migrations where name = ${last}`.execute(await db());
    try {
      await expect(check()).rejects.toThrow(`(${last}): run \`npm run migrate\``);
    } finally {
      await sql`insert into daas_migrations (name) values (${last})`.execute(await db());
    }
  });
});
