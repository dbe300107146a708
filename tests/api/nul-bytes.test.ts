import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../helpers/app';
import { defineSchema, rows } from './items/write-fixture';

const app = setupTestApp();
let admin: string;
const NUL = '\u0000';

beforeAll(async () => {
  admin = await app.adminToken();
  await defineSchema({
    sql: [
      'create table nul_items (id serial primary key, name text, info jsonb)',
      'create table nul_keys (code varchar(20) primary key, name text)',
      "insert into nul_items (name) values ('first')",
      "insert into nul_keys (code, name) values ('a', 'first')",
    ],
  });
});

/** A 400 whose message names the NUL character, in either error body. */
function expectNulRefused(res: { status: number; body: any; text: string }): void {
  expect(res.status).toBe(400);
  const message = res.body.error ?? res.body.errors?.[0]?.message;
  expect(message).toMatch(/^Text must not contain NUL characters \(\\u0000\)/);
}

const q = (value: string) => encodeURIComponent(value);

describe('NUL characters in a request', () => {
  it('answers 400 for a NUL in a filter value, either query form', async () => {
    expectNulRefused(
      await app.request(`/api/items/nul_items?filter[name][_eq]=${q(`a${NUL}b`)}`, {
        token: admin,
      }),
    );
    const json = JSON.stringify({ name: { _eq: `a${NUL}b` } });
    expectNulRefused(await app.request(`/api/items/nul_items?filter=${q(json)}`, { token: admin }));
  });

  it('answers 400 for a NUL in search, in a query parameter name, and in an unknown parameter', async () => {
    for (const query of [`search=${q(NUL)}`, `${q(`fil${NUL}ter`)}=1`, `other=${q(NUL)}`]) {
      expectNulRefused(await app.request(`/api/items/nul_items?${query}`, { token: admin }));
    }
  });

  it('answers 400 for a NUL in a written value, a JSON value or a key of the body', async () => {
    for (const body of [
      { name: `x${NUL}` },
      { info: { nested: [`deep${NUL}`] } },
      { [`na${NUL}me`]: 'x' },
    ]) {
      expectNulRefused(
        await app.request('/api/items/nul_items', { method: 'POST', token: admin, body }),
      );
    }
    expect((await rows('nul_items')).map((r) => r.name)).toEqual(['first']);
  });

  it('names where in the body the NUL was found', async () => {
    const res = await app.request('/api/items/nul_items', {
      method: 'POST',
      token: admin,
      body: { info: { nested: ['fine', `deep${NUL}`] } },
    });
    expect(res.body.error).toContain('(in "info.nested.1")');
  });

  it('checks a deeply nested body quickly', async () => {
    const depth = 100_000;
    const started = Date.now();
    const res = await app.request('/api/items/nul_items', {
      method: 'POST',
      token: admin,
      rawBody: `{"info":${'['.repeat(depth)}"${'\\u0000'}"${']'.repeat(depth)}}`,
      headers: { 'content-type': 'application/json' },
    });
    expectNulRefused(res);
    expect(res.body.error).toContain('(in "….0.0');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('answers 400 for a NUL in a string primary key, whatever the verb', async () => {
    const path = `/api/items/nul_keys/${q(`a${NUL}`)}`;
    expectNulRefused(await app.request(path, { token: admin }));
    expectNulRefused(
      await app.request(path, { method: 'PATCH', token: admin, body: { name: 'x' } }),
    );
    expectNulRefused(await app.request(path, { method: 'DELETE', token: admin }));
  });

  it('answers 400 for a NUL in a path parameter of a schema route', async () => {
    expectNulRefused(await app.request(`/api/fields/${q(`nul${NUL}items`)}`, { token: admin }));
    expectNulRefused(await app.request(`/api/collections/${q(`nul${NUL}`)}`, { token: admin }));
  });

  it('answers 400 for a NUL in the sign-in email, before any lookup', async () => {
    const res = await app.request('/api/auth/login', {
      method: 'POST',
      body: { email: `admin${NUL}@example.com`, password: 'whatever' },
    });
    expectNulRefused(res);
  });

  it('answers 400 for a NUL in an imported file', async () => {
    const form = new FormData();
    form.append(
      'file',
      new Blob([JSON.stringify([{ name: `x${NUL}` }])], { type: 'application/json' }),
      'data',
    );
    const encoded = new Response(form);
    const res = await app.request('/api/utils/import/nul_items', {
      method: 'POST',
      token: admin,
      rawBody: await encoded.text(),
      headers: { 'content-type': encoded.headers.get('content-type')! },
    });
    expectNulRefused(res);
  });

  it('still accepts the escaped text \\u0000 and other control characters', async () => {
    const res = await app.request('/api/items/nul_items', {
      method: 'POST',
      token: admin,
      body: { name: 'tab\there \\u0000 \u0001' },
    });
    expect(res.status).toBe(201);
    expect(res.body.data.name).toBe('tab\there \\u0000 \u0001');
  });
});
