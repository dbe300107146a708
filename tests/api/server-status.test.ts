import net from 'node:net';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pkg from '@/package.json';
import { anonymous } from '@/lib/core/accountability';
import type { Database } from '@/lib/core/tables';
import { setupTestApp } from '../helpers/app';
import { closedPort } from '../helpers/smtp-server';
import { createTokenUser, type TokenUser } from '../helpers/token-users';

const app = setupTestApp();
let admin: TokenUser;
let member: TokenUser;

beforeAll(async () => {
  admin = await createTokenUser({ admin: true });
  member = await createTokenUser();
});

describe('GET /api/server/health', () => {
  it('tells anyone only the overall status, as application/health+json', async () => {
    const res = await app.request('/api/server/health');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/health\+json/);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('tells a signed-in non-admin only the overall status', async () => {
    const res = await app.request('/api/server/health', { token: member.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('adds the database and memory checks for an admin', async () => {
    const res = await app.request('/api/server/health', { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.status).toMatch(/^(ok|warn)$/);
    expect(res.body.releaseId).toBe(pkg.version);
    const [db] = res.body.checks['database:responseTime'];
    expect(db).toMatchObject({ componentType: 'datastore', observedUnit: 'ms' });
    expect(db.status).toMatch(/^(ok|warn)$/);
    expect(db.observedValue).toBeGreaterThanOrEqual(0);
    expect(res.body.checks['memory:rss'][0].observedValue).toBeGreaterThan(0);
    expect(res.body.checks['memory:heapUsed'][0].observedUnit).toBe('bytes');
  });
});

describe('GET /api/server/info', () => {
  it('gives anyone only the project name', async () => {
    const res = await app.request('/api/server/info');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { project: { project_name: 'DaaS' } } });
  });

  it('gives a non-admin the project name and the request limits, nothing of the runtime', async () => {
    const res = await app.request('/api/server/info', { token: member.token });
    expect(res.body.data).toEqual({
      project: { project_name: 'DaaS' },
      limits: { max_batch_mutation: 100, query_limit_max: 1000 },
    });
  });

  it('gives an admin the version, Node, database and OS details', async () => {
    const { dbKind } = await import('@/lib/db/client');
    const res = await app.request('/api/server/info', { token: admin.token });
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data.version).toBe(pkg.version);
    expect(data.node.version).toBe(process.version);
    expect(data.node.uptime).toBeGreaterThanOrEqual(0);
    expect(data.database.kind).toBe(dbKind());
    expect(data.database.version).toMatch(/PostgreSQL \d+/);
    expect(data.os.type).toEqual(expect.any(String));
    expect(data.os.totalmem).toBeGreaterThan(0);
  });

  it('gives an admin the sign-in rules of the environment: forced MFA and rate limits', async () => {
    const { authRateLimits } = await import('@/lib/rate-limit');
    const limits = authRateLimits();
    const res = await app.request('/api/server/info', { token: admin.token });
    expect(res.body.data.auth).toEqual({
      mfa_force_enabled: false,
      rate_limit: { points: limits.points, ip_points: limits.ipPoints, duration: limits.duration },
    });
  });

  it('reflects a renamed project at once', async () => {
    await app.request('/api/settings', {
      method: 'PATCH',
      token: admin.token,
      body: { project_name: 'Renamed Project' },
    });
    const res = await app.request('/api/server/info');
    expect(res.body.data.project.project_name).toBe('Renamed Project');
    await app.request('/api/settings', {
      method: 'PATCH',
      token: admin.token,
      body: { project_name: 'DaaS' },
    });
  });
});

describe('GET /api/health (deprecated)', () => {
  it('answers ok after testing the database, pointing at its successor', async () => {
    const res = await app.request('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
    expect(res.headers.get('deprecation')).toBe('true');
    expect(res.headers.get('link')).toBe('</api/server/ping>; rel="successor-version"');
  });
});

describe('health with a database that is down', () => {
  let unreachable: Kysely<Database>;
  let stuck: net.Server;
  let stuckPort: number;

  beforeAll(async () => {
    const port = await closedPort();
    unreachable = new Kysely<Database>({
      dialect: new PostgresDialect({
        pool: new pg.Pool({
          connectionString: `postgres://nobody@127.0.0.1:${port}/none`,
          connectionTimeoutMillis: 2000,
        }),
      }),
    });
    // Accepts connections and never answers: a hung database.
    stuck = net.createServer(() => undefined);
    await new Promise<void>((resolve) => stuck.listen(0, '127.0.0.1', resolve));
    stuckPort = (stuck.address() as net.AddressInfo).port;
  });

  afterAll(async () => {
    await unreachable?.destroy();
    stuck?.close();
  });

  const ctx = (db: Kysely<Database>, admin = false) => ({
    db,
    accountability: { ...anonymous(null, null), admin },
    requestId: 'test',
  });

  it('reports error with 503 from /api/server/health, with the failing check for admins', async () => {
    const { serverHealthReply: serverHealth } = await import('@/lib/instance/http');
    const res = await serverHealth(undefined, ctx(unreachable, true));
    expect(res.init.status).toBe(503);
    const body = JSON.parse(res.body);
    expect(body.status).toBe('error');
    expect(body.checks['database:responseTime'][0].status).toBe('error');
    const publicView = await serverHealth(undefined, ctx(unreachable));
    expect(publicView.init.status).toBe(503);
    expect(JSON.parse(publicView.body)).toEqual({ status: 'error' });
  });

  it('answers 503 SERVICE_UNAVAILABLE from /api/health, keeping the deprecation headers', async () => {
    const { legacyHealthReply: legacyHealth } = await import('@/lib/instance/http');
    await expect(legacyHealth(undefined, ctx(unreachable))).rejects.toMatchObject({
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
      headers: { deprecation: 'true' },
    });
  });

  it('gives up on a database that never answers instead of hanging', async () => {
    const { probeDatabase } = await import('@/lib/instance/database');
    const hung = new Kysely<Database>({
      dialect: new PostgresDialect({
        pool: new pg.Pool({ connectionString: `postgres://nobody@127.0.0.1:${stuckPort}/none` }),
      }),
    });
    const started = Date.now();
    const probe = await probeDatabase(hung, 300);
    expect(probe.ok).toBe(false);
    expect(Date.now() - started).toBeLessThan(5000);
    void hung.destroy().catch(() => undefined);
  });
});
