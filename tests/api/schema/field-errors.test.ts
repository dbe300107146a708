import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';
import { errorOf, exec, parentChild, uid } from '../../helpers/schema-sql';
import { createTokenUser, type TokenUser } from '../../helpers/token-users';

/**
 * A refused schema change names the payload key at fault as data (`extensions.field`, and
 * `path` below it), as item writes do, so the studio marks the input without reading the
 * message.
 */
const app = setupTestApp();
let admin: TokenUser;
let member: TokenUser;

beforeAll(async () => {
  admin = await createTokenUser({ admin: true });
  member = await createTokenUser();
});

const call = (path: string, method: string, body: unknown, token: string | undefined) =>
  app.request(path, { method, body, token });
const asAdmin = (path: string, method: string, body: unknown) =>
  call(path, method, body, admin.token);

describe('PATCH /api/fields/:collection/:field', () => {
  it('names schema.is_primary_key when the key is to change', async () => {
    const table = uid('fe');
    await exec(`create table ${table} (id serial primary key, title text)`);
    const res = await asAdmin(`/api/fields/${table}/title`, 'PATCH', {
      schema: { is_primary_key: true },
    });
    expect(res.status).toBe(400);
    expect(errorOf(res).message).toBe('Field "title": changing the primary key is not supported');
    expect(errorOf(res).extensions).toMatchObject({
      code: 'INVALID_PAYLOAD',
      field: 'schema',
      path: ['schema', 'is_primary_key'],
      type: 'invalid',
    });
  });

  it('names schema.is_nullable when rows hold null, and type for a column turned alias', async () => {
    const table = uid('fe');
    await exec(`create table ${table} (id serial primary key, title text)`);
    await exec(`insert into ${table} (title) values (null)`);
    const nulls = await asAdmin(`/api/fields/${table}/title`, 'PATCH', {
      schema: { is_nullable: false },
    });
    expect(nulls.status).toBe(400);
    expect(errorOf(nulls).extensions).toMatchObject({
      field: 'schema',
      path: ['schema', 'is_nullable'],
    });
    const alias = await asAdmin(`/api/fields/${table}/title`, 'PATCH', { type: 'alias' });
    expect(alias.status).toBe(400);
    expect(errorOf(alias).extensions).toMatchObject({ field: 'type', type: 'invalid' });
  });

  it('names schema.max_length when a new length is out of range', async () => {
    const table = uid('fe');
    await exec(`create table ${table} (id serial primary key, title varchar(20))`);
    const res = await asAdmin(`/api/fields/${table}/title`, 'PATCH', {
      schema: { max_length: 0 },
    });
    expect(res.status).toBe(400);
    expect(errorOf(res).message).toBe(
      'Field "title": max_length must be an integer between 1 and 10485760',
    );
    expect(errorOf(res).extensions).toMatchObject({
      code: 'INVALID_PAYLOAD',
      field: 'schema',
      path: ['schema', 'max_length'],
      type: 'invalid',
    });
  });

  it('names schema.numeric_scale when a new decimal type has more scale than precision', async () => {
    const table = uid('fe');
    await exec(`create table ${table} (id serial primary key, price integer)`);
    const res = await asAdmin(`/api/fields/${table}/price`, 'PATCH', {
      type: 'decimal',
      schema: { numeric_precision: 4, numeric_scale: 6 },
    });
    expect(res.status).toBe(400);
    expect(errorOf(res).extensions).toMatchObject({
      field: 'schema',
      path: ['schema', 'numeric_scale'],
      type: 'invalid',
    });
  });

  it('refuses a non-admin with 403 and an anonymous caller with 401', async () => {
    const table = uid('fe');
    await exec(`create table ${table} (id serial primary key, title text)`);
    const body = { schema: { is_primary_key: true } };
    expect((await call(`/api/fields/${table}/title`, 'PATCH', body, member.token)).status).toBe(
      403,
    );
    expect((await call(`/api/fields/${table}/title`, 'PATCH', body, undefined)).status).toBe(401);
  });
});

describe('POST /api/fields/:collection', () => {
  it('names schema.max_length for a length out of range, and keeps the table as it was', async () => {
    const table = uid('fe');
    await exec(`create table ${table} (id serial primary key)`);
    const res = await asAdmin(`/api/fields/${table}`, 'POST', {
      field: 'code',
      type: 'string',
      schema: { max_length: 20_000_000 },
    });
    expect(res.status).toBe(400);
    expect(errorOf(res).message).toBe(
      'Field "code": max_length must be an integer between 1 and 10485760',
    );
    expect(errorOf(res).extensions).toMatchObject({
      field: 'schema',
      path: ['schema', 'max_length'],
      type: 'invalid',
    });
    expect((await asAdmin(`/api/fields/${table}/code`, 'GET', undefined)).status).toBe(404);
  });

  it('names type for a primary key of a type that cannot be one', async () => {
    const table = uid('fe');
    await exec(`create table ${table} (title text)`);
    const res = await asAdmin(`/api/fields/${table}`, 'POST', {
      field: 'key',
      type: 'boolean',
      schema: { is_primary_key: true },
    });
    expect(res.status).toBe(400);
    expect(errorOf(res).message).toBe(
      'Field "key": a primary key must be of type integer, bigInteger, uuid or string',
    );
    expect(errorOf(res).extensions).toMatchObject({ field: 'type', type: 'invalid' });
  });

  it('names schema.has_auto_increment on a column that cannot count up', async () => {
    const table = uid('fe');
    await exec(`create table ${table} (id serial primary key)`);
    const res = await asAdmin(`/api/fields/${table}`, 'POST', {
      field: 'code',
      type: 'string',
      schema: { has_auto_increment: true },
    });
    expect(res.status).toBe(400);
    expect(errorOf(res).extensions).toMatchObject({
      field: 'schema',
      path: ['schema', 'has_auto_increment'],
      type: 'invalid',
    });
  });

  it('names meta.special for an alias field with no alias special', async () => {
    const table = uid('fe');
    await exec(`create table ${table} (id serial primary key)`);
    const res = await asAdmin(`/api/fields/${table}`, 'POST', { field: 'links', type: 'alias' });
    expect(res.status).toBe(400);
    expect(errorOf(res).extensions).toMatchObject({
      field: 'meta',
      path: ['meta', 'special'],
      type: 'invalid',
    });
  });

  it('refuses a non-admin with 403 and an anonymous caller with 401', async () => {
    const table = uid('fe');
    await exec(`create table ${table} (id serial primary key)`);
    const body = { field: 'code', type: 'string', schema: { max_length: 0 } };
    expect((await call(`/api/fields/${table}`, 'POST', body, member.token)).status).toBe(403);
    expect((await call(`/api/fields/${table}`, 'POST', body, undefined)).status).toBe(401);
  });
});

describe('POST /api/collections', () => {
  it('names the second of two fields of one name by its place in the body', async () => {
    const res = await asAdmin('/api/collections', 'POST', {
      collection: uid('fe'),
      fields: [
        { field: 'title', type: 'string' },
        { field: 'title', type: 'text' },
      ],
    });
    expect(res.status).toBe(400);
    expect(errorOf(res).message).toBe('Field "title" is listed twice');
    expect(errorOf(res).extensions).toMatchObject({
      field: 'fields',
      path: ['fields', 1, 'field'],
      type: 'unique',
    });
  });
  it('names the bad length of a nested field by its place in the body', async () => {
    const collection = uid('fe');
    const res = await asAdmin('/api/collections', 'POST', {
      collection,
      fields: [
        { field: 'title', type: 'string' },
        { field: 'code', type: 'string', schema: { max_length: -1 } },
      ],
    });
    expect(res.status).toBe(400);
    expect(errorOf(res).message).toBe(
      'Field "code": max_length must be an integer between 1 and 10485760',
    );
    expect(errorOf(res).extensions).toMatchObject({
      field: 'fields',
      path: ['fields', 1, 'schema', 'max_length'],
      type: 'invalid',
    });
    expect((await asAdmin(`/api/collections/${collection}`, 'GET', undefined)).status).toBe(404);
  });
});

describe('POST /api/relations', () => {
  it('names related_collection when it does not exist, and field when it is unknown', async () => {
    const { child } = await parentChild();
    const unknownTable = await asAdmin('/api/relations', 'POST', {
      collection: child,
      field: 'parent',
      related_collection: uid('none'),
    });
    expect(unknownTable.status).toBe(400);
    expect(errorOf(unknownTable).extensions).toMatchObject({
      field: 'related_collection',
      type: 'not_found',
    });
    const { parent } = await parentChild();
    const unknownField = await asAdmin('/api/relations', 'POST', {
      collection: child,
      field: 'nope',
      related_collection: parent,
    });
    expect(unknownField.status).toBe(400);
    expect(errorOf(unknownField).extensions).toMatchObject({ field: 'field', type: 'not_found' });
  });

  it('names field for a type mismatch and for a second relation on it', async () => {
    const { parent, child } = await parentChild('parent text');
    const mismatch = await asAdmin('/api/relations', 'POST', {
      collection: child,
      field: 'parent',
      related_collection: parent,
    });
    expect(mismatch.status).toBe(400);
    expect(errorOf(mismatch).extensions).toMatchObject({ field: 'field', type: 'invalid_type' });

    const pair = await parentChild();
    const body = { collection: pair.child, field: 'parent', related_collection: pair.parent };
    expect((await asAdmin('/api/relations', 'POST', body)).status).toBe(201);
    const again = await asAdmin('/api/relations', 'POST', body);
    expect(again.status).toBe(409);
    expect(errorOf(again).extensions).toMatchObject({ field: 'field', type: 'unique' });
  });

  it('names the meta key that points at an unknown field', async () => {
    const { parent, child } = await parentChild();
    const res = await asAdmin('/api/relations', 'POST', {
      collection: child,
      field: 'parent',
      related_collection: parent,
      meta: { sort_field: 'nope' },
    });
    expect(res.status).toBe(400);
    expect(errorOf(res).extensions).toMatchObject({
      field: 'meta',
      path: ['meta', 'sort_field'],
      type: 'not_found',
    });
  });

  it('refuses a non-admin with 403 and an anonymous caller with 401', async () => {
    const { parent, child } = await parentChild();
    const body = { collection: child, field: 'parent', related_collection: parent };
    expect((await call('/api/relations', 'POST', body, member.token)).status).toBe(403);
    expect((await call('/api/relations', 'POST', body, undefined)).status).toBe(401);
  });
});
