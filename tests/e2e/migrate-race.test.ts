import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, ROOT, freshDatabase, startServer } from '../helpers/server';

const migrationNames = fs
  .readdirSync(path.join(ROOT, 'lib/db/migrations'))
  .filter((f) => /^\d+.*\.ts$/.test(f))
  .map((f) => f.replace(/\.ts$/, ''))
  .sort();

function runMigrate(databaseUrl: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', 'migrate'], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        ADMIN_EMAIL,
        ADMIN_PASSWORD,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

async function inspect(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const migrations = await client.query<{ name: string }>(
      'select name from daas_migrations order by name',
    );
    const users = await client.query<{ email: string }>('select email from daas_users');
    const publicPolicies = await client.query('select id from daas_policies where public');
    const settings = await client.query('select id from daas_settings');
    return {
      migrations: migrations.rows.map((r) => r.name),
      users: users.rows.map((r) => r.email),
      publicPolicies: publicPolicies.rowCount,
      settings: settings.rowCount,
    };
  } finally {
    await client.end();
  }
}

describe.runIf(process.env.DATABASE_URL)('concurrent first starts on one empty database', () => {
  it('two migrate runs at once both succeed and apply everything exactly once', async () => {
    const db = await freshDatabase();
    try {
      const runs = await Promise.all([runMigrate(db.url!), runMigrate(db.url!)]);
      for (const run of runs) expect(run.code, run.output).toBe(0);
      expect(runs.filter((r) => r.output.includes('migrations applied')).length).toBe(1);
      expect(await inspect(db.url!)).toEqual({
        migrations: migrationNames,
        users: [ADMIN_EMAIL],
        publicPolicies: 1,
        settings: 1,
      });
    } finally {
      await db.drop();
    }
  });

  it('two clustered servers started at once both come up on one migrated database', async () => {
    const db = await freshDatabase();
    try {
      const options = { database: db, env: { WEB_CONCURRENCY: '2' } };
      const servers = await Promise.all([startServer(options), startServer(options)]);
      try {
        for (const s of servers) expect((await fetch(`${s.url}/api/server/ping`)).status).toBe(200);
      } finally {
        await Promise.all(servers.map((s) => s.stop()));
      }
      expect(await inspect(db.url!)).toEqual({
        migrations: migrationNames,
        users: [ADMIN_EMAIL],
        publicPolicies: 1,
        settings: 1,
      });
    } finally {
      await db.drop();
    }
  });
});
