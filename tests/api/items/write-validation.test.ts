import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';
import { count, defineSchema, rows } from './write-fixture';

const app = setupTestApp();
let token: string;

beforeAll(async () => {
  token = await app.adminToken();
  await defineSchema({
    sql: [
      `create table wv_all (
        id serial primary key,
        name varchar(5),
        body text,
        small smallint,
        num integer,
        big bigint,
        ratio double precision,
        price numeric(5, 2),
        flag boolean,
        ref uuid,
        day date,
        at_time time,
        local_at timestamp,
        instant timestamptz,
        doc jsonb,
        tags text,
        secret varchar(255),
        required_name varchar(20) not null default 'x'
      )`,
      `create table wv_strict (id serial primary key, title varchar(20) not null, note text)`,
      `create table wv_uuid (id uuid primary key, label text)`,
    ],
    fields: [
      { collection: 'wv_all', field: 'tags', special: ['cast-csv'] },
      { collection: 'wv_all', field: 'secret', special: ['hash'] },
    ],
  });
});

async function post(collection: string, body: unknown) {
  return app.request(`/api/items/${collection}`, { method: 'POST', token, body });
}

describe('values are checked against their field type', () => {
  const wrong: [string, unknown][] = [
    ['name', 123],
    ['name', 'too long'],
    ['body', { a: 1 }],
    ['small', 40000],
    ['num', 1.5],
    ['num', 'seven'],
    ['num', 2147483648],
    ['big', '9223372036854775808'],
    ['big', 'abc'],
    ['ratio', 'many'],
    ['price', 'abc'],
    ['price', 1234.5],
    ['price', 1.234],
    ['flag', 'yes'],
    ['ref', 'not-a-uuid'],
    ['day', '2024-02-30'],
    ['day', '2024/01/01'],
    ['at_time', '25:00'],
    ['local_at', 'yesterday'],
    ['instant', '2024-13-01T00:00:00Z'],
    ['tags', [1, { x: 1 }]],
    ['secret', 42],
  ];

  it.each(wrong)(
    'refuses %s = %j with a 400 naming the field and writes nothing',
    async (field, value) => {
      const before = await count('wv_all');
      const res = await post('wv_all', { [field]: value });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        error: expect.stringContaining(`"${field}"`),
        code: 'INVALID_PAYLOAD',
        extensions: expect.objectContaining({
          field,
          fields: [expect.objectContaining({ field })],
        }),
      });
      expect(await count('wv_all')).toBe(before);
    },
  );

  it('stores valid values of every type, normalised', async () => {
    const res = await post('wv_all', {
      name: 'abcde',
      body: 'long text',
      small: -5,
      num: '42',
      big: '9223372036854775807',
      ratio: 0.25,
      price: '123.45',
      flag: true,
      ref: 'A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11',
      day: '2024-02-29',
      at_time: '13:45',
      local_at: '2024-05-01T10:20:30',
      instant: '2024-05-01T10:20:30+02:00',
      doc: [1, { a: 'b' }],
      tags: ['red', 'green'],
      secret: 'hunter2',
    });
    expect(res.status).toBe(201);
    const [row] = (await rows('wv_all')).filter((r) => r.id === res.body.data.id);
    expect(row).toMatchObject({
      name: 'abcde',
      small: -5,
      num: 42,
      ratio: 0.25,
      flag: true,
      ref: 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11',
      doc: [1, { a: 'b' }],
      tags: 'red,green',
    });
    expect(String(row.big)).toBe('9223372036854775807');
    expect(String(row.price)).toBe('123.45');
    expect(String(row.secret)).toMatch(/^\$argon2id\$/);
    const instant = row.instant instanceof Date ? row.instant : new Date(String(row.instant));
    expect(instant.toISOString()).toBe('2024-05-01T08:20:30.000Z');
  });
});

describe('required fields and unknown fields', () => {
  it('answers 400 naming a not-nullable field without default that is missing on create', async () => {
    const before = await count('wv_strict');
    const res = await post('wv_strict', { note: 'no title' });
    expect(res.status).toBe(400);
    // FAILED_VALIDATION of type "required", as Directus answers a required field left out.
    expect(res.body).toEqual({
      error: expect.stringContaining('"title"'),
      code: 'FAILED_VALIDATION',
      extensions: expect.objectContaining({ field: 'title', type: 'required' }),
    });
    expect(await count('wv_strict')).toBe(before);
  });

  it('answers 400 when an update sets a not-nullable field to null, leaving the item as it was', async () => {
    const created = await post('wv_strict', { title: 'kept' });
    const res = await app.request(`/api/items/wv_strict/${created.body.data.id}`, {
      method: 'PATCH',
      token,
      body: { title: null },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toContain('"title"');
    expect((await rows('wv_strict')).find((r) => r.id === created.body.data.id)?.title).toBe(
      'kept',
    );
  });

  it('answers 400 naming an unknown field', async () => {
    const before = await count('wv_strict');
    const res = await post('wv_strict', { title: 'x', nope: 1 });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: expect.stringContaining('"nope"'),
      code: 'INVALID_PAYLOAD',
      extensions: expect.objectContaining({ field: 'nope', type: 'unknown_field' }),
    });
    expect(await count('wv_strict')).toBe(before);
  });

  it('generates a uuid primary key when none is sent, and checks one that is', async () => {
    const made = await post('wv_uuid', { label: 'auto' });
    expect(made.status).toBe(201);
    expect(made.body.data.id).toMatch(/^[0-9a-f-]{36}$/);
    const bad = await post('wv_uuid', { id: 'nope', label: 'bad' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain('"id"');
  });
});
