import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';
import { createPermittedUser } from '../../helpers/permissions';
import { defineSchema, rows } from './write-fixture';

/**
 * A refused write names its fields as data, as Directus does: `extensions.field` and
 * `extensions.type` for the (first) field at fault, and `extensions.fields` listing every
 * one, so no client reads a field name out of the words of a message.
 */
const app = setupTestApp();
let admin: string;
let member: string;

beforeAll(async () => {
  await defineSchema({
    sql: [
      `create table fe_notes (id serial primary key, label varchar(5), n integer,
        day date, title text not null, slug text unique)`,
    ],
  });
  admin = await app.adminToken();
  const user = await createPermittedUser([
    {
      collection: 'fe_notes',
      action: 'create',
      fields: ['title', 'label'],
      validation: { title: { _starts_with: 'ok' } },
    },
    { collection: 'fe_notes', action: 'read' },
  ]);
  member = await app.login(user.email, user.password);
});

const create = (body: unknown, token: string | undefined = admin) =>
  app.request('/api/items/fe_notes', { method: 'POST', token, body });
const fieldsOf = (body: { extensions?: { fields?: { field: string }[] } }) =>
  (body.extensions?.fields ?? []).map((f) => f.field);

describe('field errors as data', () => {
  it('names the field of a bad value in extensions.field', async () => {
    const res = await create({ title: 'a', n: 'many' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_PAYLOAD');
    expect(res.body.extensions).toMatchObject({ field: 'n', type: 'invalid_type' });
    expect(res.body.extensions.fields).toEqual([
      { field: 'n', type: 'invalid_type', message: 'Expected an integer' },
    ]);
  });

  it('lists every bad field of one payload, in the order sent', async () => {
    const before = (await rows('fe_notes')).length;
    const res = await create({ title: 'a', n: 'many', day: '2026-02-30', label: 'too long' });
    expect(res.status).toBe(400);
    expect(res.body.extensions.field).toBe('n');
    expect(fieldsOf(res.body)).toEqual(['n', 'day', 'label']);
    expect(res.body.extensions.fields[2]).toMatchObject({ field: 'label', type: 'max_length' });
    expect((await rows('fe_notes')).length).toBe(before);
  });

  it('answers a missing required field as FAILED_VALIDATION of type required', async () => {
    const res = await create({ label: 'x', n: 'bad' });
    expect(res.status).toBe(400);
    expect(fieldsOf(res.body)).toEqual(['n']);
    const missing = await create({ label: 'x' });
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('FAILED_VALIDATION');
    expect(missing.body.extensions).toMatchObject({ field: 'title', type: 'required' });
  });

  it('names the field of a unique value taken', async () => {
    expect((await create({ title: 'a', slug: 'same' })).status).toBe(201);
    const res = await create({ title: 'b', slug: 'same' });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('RECORD_NOT_UNIQUE');
    expect(res.body.extensions).toMatchObject({ field: 'slug', type: 'unique' });
  });

  it("names the field and operator of a permission's failed validation", async () => {
    const res = await create({ title: 'nope' }, member);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('FAILED_VALIDATION');
    expect(res.body.extensions).toMatchObject({ field: 'title', type: '_starts_with' });
    expect((await create({ title: 'ok then' }, member)).status).toBe(201);
  });

  it('names no field for a refusal that is about no field', async () => {
    const anonymous = await app.request('/api/items/fe_notes', {
      method: 'POST',
      body: { title: 'x', n: 'bad' },
    });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.extensions).toBeUndefined();
    const forbidden = await create({ title: 'ok', n: 1 }, member);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.extensions?.fields).toBeUndefined();
    const notObject = await create(['x'], admin);
    expect(notObject.status).toBe(400);
    expect(notObject.body.extensions).toBeUndefined();
  });

  it('lists the fields in the one entry of a structured error body', async () => {
    const res = await app.request('/api/settings', {
      method: 'PATCH',
      token: admin,
      body: { cors_max_age: -1, cors_enabled: 'yes', mcp_enabled: true },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveLength(1);
    const { extensions } = res.body.errors[0];
    expect(extensions.code).toBe('INVALID_PAYLOAD');
    expect(['cors_enabled', 'cors_max_age']).toContain(extensions.field);
    const fields = (extensions.fields as { field: string }[]).map((f) => f.field).sort();
    expect(fields).toEqual(['cors_enabled', 'cors_max_age']);
  });

  it('names the key of a refused collection or field name', async () => {
    const bad = await app.request('/api/collections', {
      method: 'POST',
      token: admin,
      body: { collection: 'Bad Name' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].extensions).toMatchObject({
      code: 'INVALID_PAYLOAD',
      field: 'collection',
    });
    const taken = await app.request('/api/collections', {
      method: 'POST',
      token: admin,
      body: { collection: 'fe_notes' },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.errors[0].extensions).toMatchObject({
      code: 'RECORD_NOT_UNIQUE',
      field: 'collection',
      type: 'unique',
    });
    const field = await app.request('/api/fields/fe_notes', {
      method: 'POST',
      token: admin,
      body: { field: 'title', type: 'string' },
    });
    expect(field.status).toBe(409);
    expect(field.body.errors[0].extensions).toMatchObject({ field: 'field', type: 'unique' });
  });

  it('names the primary key when a write tries to change it', async () => {
    const made = await create({ title: 'keyed' });
    expect(made.status).toBe(201);
    const id = made.body.data.id as number;
    const change = await app.request(`/api/items/fe_notes/${id}`, {
      method: 'PATCH',
      token: admin,
      body: { id: id + 1000 },
    });
    expect(change.status).toBe(400);
    expect(change.body.extensions).toMatchObject({ field: 'id', type: 'readonly' });
    const mismatch = await app.request(`/api/items/fe_notes/${id + 2000}`, {
      method: 'PUT',
      token: admin,
      body: { id: id + 3000, title: 'x' },
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.extensions).toMatchObject({ field: 'id' });
  });
});
