import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { setupTestApp } from '../../helpers/app';
import { createPermittedUser } from '../../helpers/permissions';
import { rows } from './write-fixture';

const app = setupTestApp();
let token: string;
const C = 'wr_tasks';

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
        { field: 'title', type: 'string', meta: { required: true } },
        { field: 'state', type: 'string', schema: { default_value: 'open' } },
        { field: 'priority', type: 'integer', schema: { default_value: 3 } },
        { field: 'note', type: 'text' },
        {
          field: 'reason',
          type: 'string',
          meta: {
            required: true,
            conditions: [
              { name: 'Only when closed', rule: { state: { _neq: 'closed' } }, required: false },
            ],
          },
        },
      ],
    },
  });
  expect(res.status).toBe(201);
  // `priority` is required and has a default: leaving it out lets the database fill it.
  const meta = await app.request(`/api/fields/${C}/priority`, {
    method: 'PATCH',
    token,
    body: { meta: { required: true } },
  });
  expect(meta.status).toBe(200);
});

const send = (method: string, path: string, body: unknown, as: string = token) =>
  app.request(`/api/items/${C}${path}`, { method, body, token: as });

const REQUIRED = (field: string) => ({
  code: 'FAILED_VALIDATION',
  extensions: { field, type: 'required' },
});

describe("a field's own required flag", () => {
  it('refuses a create that leaves a required field out, naming it, and writes nothing', async () => {
    const before = (await rows(C)).length;
    const res = await send('POST', '', { note: 'no title' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject(REQUIRED('title'));
    expect(res.body.error).toBe('Validation failed for field "title"');
    expect((await rows(C)).length).toBe(before);
  });

  it('refuses a required field given null or an empty string', async () => {
    for (const title of [null, '']) {
      const res = await send('POST', '', { title });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject(REQUIRED('title'));
    }
  });

  it('takes a create with the required field given, and one whose required field has a default', async () => {
    const res = await send('POST', '', { title: 'Write the plan' });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ title: 'Write the plan', priority: 3, state: 'open' });
  });

  it('lets a matching condition that sets required: false lift the flag, and only then', async () => {
    const open = await send('POST', '', { title: 'No reason needed', state: 'open' });
    expect(open.status).toBe(201);
    const closed = await send('POST', '', { title: 'Closed without reason', state: 'closed' });
    expect(closed.status).toBe(400);
    expect(closed.body).toMatchObject(REQUIRED('reason'));
    const given = await send('POST', '', { title: 'Closed', state: 'closed', reason: 'done' });
    expect(given.status).toBe(201);
  });

  it('refuses an update that empties a required field, and leaves the item as it was', async () => {
    const made = await send('POST', '', { title: 'Keep me' });
    const id = made.body.data.id;
    const res = await send('PATCH', `/${id}`, { title: null });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject(REQUIRED('title'));
    expect((await rows(C)).find((r) => r.id === id)?.title).toBe('Keep me');
    const batch = await send('PATCH', '', { keys: [id], data: { title: '' } });
    expect(batch.status).toBe(400);
  });

  it('still updates other fields of an item stored before the flag was set', async () => {
    await sql`insert into ${sql.id(C)} (note) values ('legacy')`.execute(getDb());
    const legacy = (await rows(C)).find((r) => r.note === 'legacy')!;
    expect(legacy.title).toBeNull();
    const res = await send('PATCH', `/${legacy.id}`, { note: 'edited' });
    expect(res.status).toBe(200);
    expect(res.body.data.note).toBe('edited');
  });

  it('rolls back a batch create when one item lacks a required field', async () => {
    const before = (await rows(C)).length;
    const res = await send('POST', '', [{ title: 'fine' }, { note: 'missing' }]);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject(REQUIRED('title'));
    expect((await rows(C)).length).toBe(before);
  });

  it('holds a non-admin to the same flag', async () => {
    const user = await createPermittedUser([
      { collection: C, action: 'create', fields: ['*'] },
      { collection: C, action: 'read', fields: ['*'] },
    ]);
    const as = await app.login(user.email, user.password);
    const refused = await send('POST', '', { note: 'from a user' }, as);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject(REQUIRED('title'));
    const ok = await send('POST', '', { title: 'from a user' }, as);
    expect(ok.status).toBe(201);
  });
});
