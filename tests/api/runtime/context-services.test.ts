import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';
import { addPermissions } from '../../helpers/permissions';
import { exec, uid } from '../../helpers/schema-sql';
import { startSmtpServer, type TestSmtpServer } from '../../helpers/smtp';
import { createTokenUser, type TokenUser } from '../../helpers/token-users';
import { formWith, pngBytes } from '../files/fixtures';

/**
 * Specification, Events: runtime extensions get "context.services: ... collections();
 * fields(); relations(); files(); versions(); mail(message); cron.trigger(id-or-name) and
 * cron.list(); ... a raw database client that bypasses row-level security". Each is called
 * here from a real extension created through /api/extensions.
 */
const app = setupTestApp();
let admin: TokenUser;
let smtp: TestSmtpServer;
let table: string;

async function endpoint(body: string): Promise<string> {
  const name = `svc-${crypto.randomBytes(4).toString('hex')}`;
  const res = await app.request('/api/extensions', {
    method: 'POST',
    token: admin.token,
    body: {
      name,
      type: 'endpoint',
      source: `export default async (request, { services }) => ${body};`,
    },
  });
  expect(res.status).toBe(201);
  return name;
}

beforeAll(async () => {
  admin = await createTokenUser({ admin: true });
  table = uid('svc_notes');
  await exec(`create table ${table} (id serial primary key, title text, owner text)`);
  await exec(`insert into ${table} (title, owner) values ('mine', 'me'), ('theirs', 'other')`);
  (await import('@/lib/schema/overview')).invalidateSchema();
  smtp = await startSmtpServer();
  await smtp.enable();
});

afterAll(async () => {
  await smtp?.close();
});

describe('context.services.database (raw client)', () => {
  it('runs a statement with bound values and answers its rows', async () => {
    const ext = await endpoint(`({ status: 200, body: await services.database.raw(
      'select title from ${table} where owner = $1 order by id', [request.query.owner]) })`);
    const res = await app.request(`/api/ext/${ext}?owner=me`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ rows: [{ title: 'mine' }], rowCount: 1 });
  });

  it('treats a bound value as data, never as SQL', async () => {
    const ext = await endpoint(`({ status: 200, body: await services.database.raw(
      'select count(*)::int as n from ${table} where owner = $1', [request.query.owner]) })`);
    const hostile = encodeURIComponent("me' or '1'='1");
    const res = await app.request(`/api/ext/${ext}?owner=${hostile}`, { token: admin.token });
    expect(res.body.rows).toEqual([{ n: 0 }]);
  });

  it('bypasses row-level security for a non-admin caller, as the specification says', async () => {
    const user = await createTokenUser();
    await addPermissions(user.policy, [
      { collection: table, action: 'read', permissions: { owner: { _eq: 'me' } } },
    ]);
    const ext = await endpoint(`({ status: 200, body: {
      items: (await services.items('${table}').readByQuery({ sort: ['id'] })).data.map((r) => r.title),
      raw: (await services.database.raw('select title from ${table} order by id')).rows.map((r) => r.title),
    } })`);
    const res = await app.request(`/api/ext/${ext}`, { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ items: ['mine'], raw: ['mine', 'theirs'] });
  });

  it('writes and reports the rows it changed', async () => {
    const ext = await endpoint(`({ status: 200, body: await services.database.raw(
      'update ${table} set title = $1 where owner = $2', ['renamed', 'other']) })`);
    const res = await app.request(`/api/ext/${ext}`, { token: admin.token });
    expect(res.body).toEqual({ rows: [], rowCount: 1 });
    const check = await app.request(`/api/items/${table}?filter[owner][_eq]=other`, {
      token: admin.token,
    });
    expect(check.body.data[0].title).toBe('renamed');
  });

  it('fails the call with the generic 500 on a bad statement, without database text', async () => {
    const ext = await endpoint(
      `({ status: 200, body: await services.database.raw('select from nowhere_xyz') })`,
    );
    const res = await app.request(`/api/ext/${ext}`, { token: admin.token });
    expect(res.status).toBe(500);
    expect(res.text).not.toContain('nowhere_xyz');
  });
});

describe('context.services.mail', () => {
  it('sends a message through the configured SMTP server', async () => {
    const to = `${crypto.randomBytes(4).toString('hex')}@example.com`;
    const ext = await endpoint(`({ status: 200, body: await services.mail({
      to: '${to}', subject: 'From an extension', text: 'hello from stored code' }) })`);
    const res = await app.request(`/api/ext/${ext}`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ sent: true });
    const mail = await smtp.waitForMail((m) => m.to.includes(to));
    expect(mail.headers.subject).toBe('From an extension');
    expect(mail.text).toContain('hello from stored code');
  });

  it('refuses a message without a valid recipient and sends nothing', async () => {
    const ext = await endpoint(
      `({ status: 200, body: await services.mail({ to: 'not-an-address', subject: 's', text: 't' }) })`,
    );
    const before = smtp.mails.length;
    const res = await app.request(`/api/ext/${ext}`, { token: admin.token });
    expect(res.status).toBe(500);
    expect(smtp.mails.length).toBe(before);
  });
});

describe('context.services.files and collections', () => {
  it('lists the files the caller may read, and refuses a caller without permission', async () => {
    const upload = await app.request('/api/files', {
      method: 'POST',
      token: admin.token,
      form: formWith(
        { title: 'From the services test' },
        { bytes: await pngBytes(4, 4), filename: 'svc.png', type: 'image/png' },
      ),
    });
    expect(upload.status).toBe(201);
    const ext = await endpoint(`({ status: 200, body: await services.files() })`);
    const res = await app.request(`/api/ext/${ext}`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.data.map((f: { id: string }) => f.id)).toContain(upload.body.data.id);
    const user = await createTokenUser();
    expect((await app.request(`/api/ext/${ext}`, { token: user.token })).status).toBe(500);
  });

  it('lists collections as GET /api/collections answers the same caller', async () => {
    const ext = await endpoint(`({ status: 200, body: await services.collections() })`);
    const res = await app.request(`/api/ext/${ext}`, { token: admin.token });
    expect(res.status).toBe(200);
    const rest = await app.request('/api/collections', { token: admin.token });
    const names = (rows: { collection: string }[]) => rows.map((c) => c.collection).sort();
    expect(names(res.body)).toEqual(names(rest.body.data));
    expect(names(res.body)).toContain(table);
  });

  it('answers the anonymous caller of an extension with what the public policy allows', async () => {
    const ext = await endpoint(`({ status: 200, body: await services.files() })`);
    expect((await app.request(`/api/ext/${ext}`)).status).toBe(500);
  });
});
