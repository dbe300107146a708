import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';
import { createPermittedUser } from '../../helpers/permissions';
import { defineSchema, rows } from '../items/write-fixture';

/**
 * A batch update is checked item by item, as Directus 11 does: each affected row must allow
 * every written field through one of the policies whose item filter matches that row. P1
 * lets the user update `title` and `status` on the rows of shelf "a", P2 only `title` on the
 * rows of shelf "b". A batch whose rows all allow what is written succeeds; one row that does
 * not refuses the whole request (403) and nothing is written. P1 also refuses titles starting
 * with "bad": on its rows, whatever P2 (which has no validation) says.
 */
const app = setupTestApp();
let token: string;

beforeAll(async () => {
  await defineSchema({
    sql: [`create table br_books (id integer primary key, shelf text, title text, status text)`],
  });
  const { getDb } = await import('@/lib/db/client');
  const { sql } = await import('kysely');
  await sql`insert into br_books (id, shelf, title, status) values
    (1, 'a', 'one', 'draft'), (2, 'a', 'two', 'draft'),
    (3, 'b', 'three', 'draft'), (4, 'b', 'four', 'draft'),
    (5, 'c', 'five', 'draft')`.execute(getDb());
  const user = await createPermittedUser(
    [
      { collection: 'br_books', action: 'read', fields: ['*'] },
      {
        collection: 'br_books',
        action: 'update',
        fields: ['title', 'status'],
        permissions: { shelf: { _eq: 'a' } },
        validation: { title: { _nstarts_with: 'bad' } },
      },
    ],
    [
      {
        collection: 'br_books',
        action: 'update',
        fields: ['title'],
        permissions: { shelf: { _eq: 'b' } },
      },
    ],
  );
  token = await app.login(user.email, user.password);
});

const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const patch = (path: string, body: unknown) => app.request(path, { method: 'PATCH', token, body });
const book = async (id: number) => (await rows('br_books')).find((r) => r.id === id);

describe('batch update with a field allowed on some rows only', () => {
  it('updates by filter every row when each row allows the written field', async () => {
    const res = await patch(`/api/items/br_books?filter=${q({ id: { _in: [1, 2, 3, 4] } })}`, {
      title: 'renamed',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ updated: 4, keys: [1, 2, 3, 4] });
    for (const id of [1, 2, 3, 4]) expect((await book(id))?.title).toBe('renamed');
  });

  it('updates every row of a mixed batch when each row allows the written fields', async () => {
    const both = await patch(`/api/items/br_books?filter=${q({ id: { _in: [1, 2] } })}`, {
      title: 'kept',
      status: 'published',
    });
    expect(both.status).toBe(200);
    expect((await book(1))?.status).toBe('published');
    expect((await book(2))?.status).toBe('published');
    const titles = await patch(`/api/items/br_books?filter=${q({ id: { _in: [2, 3] } })}`, {
      title: 'both',
    });
    expect(titles.status).toBe(200);
    expect((await book(2))?.title).toBe('both');
    expect((await book(3))?.title).toBe('both');
  });

  it('refuses the whole batch and writes nothing when one row forbids a field', async () => {
    const before = await rows('br_books');
    const byFilter = await patch(
      `/api/items/br_books?filter=${q({ shelf: { _in: ['a', 'b'] } })}`,
      { title: 'hijacked', status: 'archived' },
    );
    expect(byFilter.status).toBe(403);
    expect(byFilter.body.code).toBe('FORBIDDEN');
    const oneRow = await patch(`/api/items/br_books?filter=${q({ id: { _in: [1, 3] } })}`, {
      status: 'archived',
    });
    expect(oneRow.status).toBe(403);
    expect(await rows('br_books')).toEqual(before);
  });

  it('validates each row by the rules of the policies that apply to it', async () => {
    const before = await rows('br_books');
    const onA = await patch(`/api/items/br_books?filter=${q({ id: { _in: [1, 3] } })}`, {
      title: 'bad title',
    });
    expect(onA.status).toBe(400);
    expect(onA.body.code).toBe('FAILED_VALIDATION');
    expect(onA.body.extensions).toMatchObject({ field: 'title', type: '_nstarts_with' });
    expect(await rows('br_books')).toEqual(before);

    const onB = await patch(`/api/items/br_books?filter=${q({ id: { _in: [3, 4] } })}`, {
      title: 'bad but allowed',
    });
    expect(onB.status).toBe(200);
    expect((await book(3))?.title).toBe('bad but allowed');
  });

  it('leaves rows no update permission reaches out of a batch by filter', async () => {
    const res = await patch(`/api/items/br_books?filter=${q({ id: { _in: [4, 5] } })}`, {
      title: 'only-b',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ updated: 1, keys: [4] });
    expect((await book(5))?.title).toBe('five');
  });
});
