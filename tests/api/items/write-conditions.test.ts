import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';
import { createPermittedUser } from '../../helpers/permissions';
import { rows } from './write-fixture';

const app = setupTestApp();
let token: string;
const C = 'wc_posts';

beforeAll(async () => {
  token = await app.adminToken();
  const res = await app.request('/api/collections', {
    method: 'POST',
    token,
    body: {
      collection: C,
      fields: [
        {
          field: 'id',
          type: 'integer',
          schema: { is_primary_key: true, has_auto_increment: true },
        },
        { field: 'status', type: 'string', schema: { default_value: 'draft' } },
        {
          field: 'published_on',
          type: 'date',
          meta: {
            conditions: [
              {
                name: 'Needed once published',
                rule: { status: { _in: ['published', 'archived'] } },
                required: true,
                hidden: false,
              },
              { name: 'Not for archives', rule: { status: { _eq: 'archived' } }, hidden: true },
            ],
          },
        },
        {
          field: 'slug',
          type: 'string',
          meta: {
            conditions: [
              {
                name: 'Frozen',
                rule: { status: { _in: ['published', 'archived'] } },
                readonly: true,
              },
              { name: 'Unless archived', rule: { status: { _eq: 'archived' } }, readonly: false },
            ],
          },
        },
      ],
    },
  });
  expect(res.status).toBe(201);
});

const send = (method: string, path: string, body: unknown, as: string | null = token) =>
  app.request(`/api/items/${C}${path}`, { method, body, token: as ?? undefined });

describe('field conditions', () => {
  it('answers 400 FAILED_VALIDATION naming the field a matching condition makes required', async () => {
    const res = await send('POST', '', { status: 'published', slug: 'a' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'FAILED_VALIDATION',
      extensions: { field: 'published_on', type: 'required' },
    });
    const ok = await send('POST', '', { status: 'draft', slug: 'a' });
    expect(ok.status).toBe(201);
    // Both conditions match an archived post; the last one decides as a whole, and it only
    // hides the field (as the studio's editor shows it, and as Directus does).
    const archived = await send('POST', '', { status: 'archived', slug: 'b' });
    expect(archived.status).toBe(201);
  });

  it('evaluates an update over the stored item merged with the payload', async () => {
    const made = await send('POST', '', { status: 'draft', slug: 'merge' });
    const id = made.body.data.id;
    const refused = await send('PATCH', `/${id}`, { status: 'published' });
    expect(refused.status).toBe(400);
    expect(refused.body.extensions).toMatchObject({ field: 'published_on' });
    expect((await rows(C)).find((r) => r.id === id)?.status).toBe('draft');
    const dated = await send('PATCH', `/${id}`, { published_on: '2026-01-01' });
    expect(dated.status).toBe(200);
    const published = await send('PATCH', `/${id}`, { status: 'published' });
    expect(published.status).toBe(200);
    const cleared = await send('PATCH', `/${id}`, { published_on: null });
    expect(cleared.status).toBe(400);
    expect(cleared.body.extensions).toMatchObject({ field: 'published_on', type: 'required' });
  });

  it('refuses a change to a field a matching condition makes read-only', async () => {
    const made = await send('POST', '', {
      status: 'published',
      published_on: '2026-02-01',
    });
    expect(made.status).toBe(201);
    const id = made.body.data.id;
    const refused = await send('PATCH', `/${id}`, { slug: 'changed' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: 'FAILED_VALIDATION',
      extensions: { field: 'slug', type: 'readonly' },
    });
    // The same value sent back is no change.
    const same = await send('PATCH', `/${id}`, { slug: null, status: 'published' });
    expect(same.status).toBe(200);
    // A later matching condition overrides an earlier one.
    const archived = await send('PATCH', `/${id}`, { status: 'archived', slug: 'free' });
    expect(archived.status).toBe(200);
    const created = await send('POST', '', {
      status: 'published',
      published_on: '2026-02-01',
      slug: 'given',
    });
    expect(created.status).toBe(400);
    expect(created.body.extensions).toMatchObject({ field: 'slug', type: 'readonly' });
  });

  it('rolls back a batch when one item breaks a condition', async () => {
    const before = (await rows(C)).length;
    const res = await send('POST', '', [{ status: 'draft' }, { status: 'published' }]);
    expect(res.status).toBe(400);
    expect(res.body.extensions).toMatchObject({ field: 'published_on' });
    expect((await rows(C)).length).toBe(before);
  });

  it('holds a non-admin to the same conditions', async () => {
    const user = await createPermittedUser([
      { collection: C, action: 'create' },
      { collection: C, action: 'read' },
      { collection: C, action: 'update' },
    ]);
    const as = await app.login(user.email, user.password);
    const res = await send('POST', '', { status: 'published' }, as);
    expect(res.status).toBe(400);
    expect(res.body.extensions).toMatchObject({ field: 'published_on' });
    const ok = await send('POST', '', { status: 'published', published_on: '2026-03-01' }, as);
    expect(ok.status).toBe(201);
    const anonymous = await send('POST', '', { status: 'published' }, null);
    expect(anonymous.status).toBe(401);
  });

  it('keeps a hostile condition value as data', async () => {
    const res = await app.request(`/api/fields/${C}`, {
      method: 'POST',
      token,
      body: {
        field: 'note',
        type: 'string',
        meta: {
          conditions: [
            { name: 'x', rule: { status: { _eq: "x'; drop table wc_posts; --" } }, required: true },
          ],
        },
      },
    });
    expect(res.status).toBe(201);
    const made = await send('POST', '', { status: "x'; drop table wc_posts; --" });
    expect(made.status).toBe(400);
    expect(made.body.extensions).toMatchObject({ field: 'note' });
    expect((await rows(C)).length).toBeGreaterThan(0);
  });
});
