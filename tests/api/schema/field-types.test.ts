import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';

const app = setupTestApp();
const collection = `ft_${crypto.randomBytes(4).toString('hex')}`;

beforeAll(async () => {
  const res = await app.request('/api/collections', {
    method: 'POST',
    token: await app.adminToken(),
    body: { collection },
  });
  expect(res.status).toBe(201);
});

// [type, schema sent, data_type, facts read back]
const CASES: [string, Record<string, unknown>, string, Record<string, unknown>][] = [
  [
    'string',
    { max_length: 40, default_value: "it's \\ ok", is_nullable: false },
    'character varying',
    { max_length: 40, default_value: "it's \\ ok", is_nullable: false },
  ],
  ['string', {}, 'character varying', { max_length: 255, default_value: null, is_nullable: true }],
  ['text', { default_value: 'long' }, 'text', { default_value: 'long' }],
  [
    'integer',
    { default_value: 42, is_nullable: false },
    'integer',
    { default_value: 42, is_nullable: false, numeric_precision: 32, numeric_scale: 0 },
  ],
  ['bigInteger', { default_value: 7 }, 'bigint', { default_value: 7, numeric_precision: 64 }],
  [
    'float',
    { default_value: 1.5 },
    'double precision',
    { default_value: 1.5, numeric_precision: 53 },
  ],
  [
    'decimal',
    { numeric_precision: 12, numeric_scale: 3, default_value: 2.25 },
    'numeric',
    { numeric_precision: 12, numeric_scale: 3, default_value: 2.25 },
  ],
  ['decimal', {}, 'numeric', { numeric_precision: 10, numeric_scale: 5 }],
  [
    'boolean',
    { default_value: false, is_nullable: false },
    'boolean',
    { default_value: false, is_nullable: false },
  ],
  ['uuid', { default_value: 'gen_random_uuid()' }, 'uuid', { default_value: 'gen_random_uuid()' }],
  [
    'uuid',
    { default_value: '6f1c1a2e-0b0c-4c3d-9e8f-0123456789ab' },
    'uuid',
    { default_value: '6f1c1a2e-0b0c-4c3d-9e8f-0123456789ab' },
  ],
  ['date', { default_value: '2024-02-29' }, 'date', { default_value: '2024-02-29' }],
  ['date', { default_value: 'CURRENT_DATE' }, 'date', { default_value: 'CURRENT_DATE' }],
  ['time', { default_value: '12:30:00' }, 'time without time zone', { default_value: '12:30:00' }],
  [
    'dateTime',
    { default_value: 'now()' },
    'timestamp without time zone',
    { default_value: 'now()' },
  ],
  [
    'timestamp',
    { default_value: 'CURRENT_TIMESTAMP' },
    'timestamp with time zone',
    { default_value: 'CURRENT_TIMESTAMP' },
  ],
  ['json', { default_value: { a: [1, "x'y"] } }, 'jsonb', { default_value: '{"a": [1, "x\'y"]}' }],
  ['csv', { default_value: ['a', 'b'] }, 'text', { default_value: 'a,b' }],
  ['hash', {}, 'character varying', { max_length: 255 }],
];

describe('every field type round-trips through POST /api/fields and introspection', () => {
  it.each(CASES.map((c, i) => [i, ...c] as const))(
    'case %i: %s',
    async (i, type, schema, dataType, facts) => {
      const field = `f${i}_${type.toLowerCase()}`;
      const res = await app.request(`/api/fields/${collection}`, {
        method: 'POST',
        token: await app.adminToken(),
        body: { field, type, schema },
      });
      expect(res.status).toBe(201);
      const read = await app.request(`/api/fields/${collection}/${field}`, {
        token: await app.adminToken(),
      });
      expect(read.status).toBe(200);
      expect(read.body.data).toMatchObject({
        collection,
        field,
        type,
        schema: { data_type: dataType, ...facts },
      });
    },
  );

  it.each([
    ['integer', 'abc'],
    ['integer', 1.5],
    ['boolean', 'yes'],
    ['uuid', 'not-a-uuid'],
    ['dateTime', 'pg_sleep(1)'],
    ['date', "2024-01-01'; drop table daas_users; --"],
    ['json', '{not json'],
    ['float', 'now()'],
    ['uuid', 'now()'],
  ])('refuses a %s default of %j with 400', async (type, value) => {
    const res = await app.request(`/api/fields/${collection}`, {
      method: 'POST',
      token: await app.adminToken(),
      body: {
        field: `bad_${crypto.randomBytes(3).toString('hex')}`,
        type,
        schema: { default_value: value },
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].extensions.code).toBe('INVALID_PAYLOAD');
  });

  it('stores a hostile string default as plain text', async () => {
    const value = "x'); drop table daas_users; --\\'";
    const res = await app.request(`/api/fields/${collection}`, {
      method: 'POST',
      token: await app.adminToken(),
      body: { field: 'hostile_default', type: 'text', schema: { default_value: value } },
    });
    expect(res.status).toBe(201);
    expect(res.body.data.schema.default_value).toBe(value);
  });

  it('creates the key types: uuid with a generated default and bigint identity', async () => {
    for (const [type, facts] of [
      ['uuid', { default_value: 'gen_random_uuid()', has_auto_increment: false }],
      ['bigInteger', { has_auto_increment: true, data_type: 'bigint' }],
      ['string', { max_length: 36 }],
    ] as const) {
      const name = `ft_pk_${type.toLowerCase()}_${crypto.randomBytes(3).toString('hex')}`;
      const res = await app.request('/api/collections', {
        method: 'POST',
        token: await app.adminToken(),
        body: {
          collection: name,
          fields: [
            {
              field: 'id',
              type,
              schema: { is_primary_key: true, max_length: type === 'string' ? 36 : undefined },
            },
          ],
        },
      });
      expect(res.status).toBe(201);
      const id = await app.request(`/api/fields/${name}/id`, { token: await app.adminToken() });
      expect(id.body.data).toMatchObject({
        type,
        schema: { is_primary_key: true, is_nullable: false, ...facts },
      });
    }
  });
});
