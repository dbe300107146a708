import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';
import { createItemsFixture } from '../../helpers/items-fixture';
import { createTokenUser, type TokenUser } from '../../helpers/token-users';

const app = setupTestApp();
let admin: TokenUser;

beforeAll(async () => {
  admin = await createTokenUser({ admin: true });
  await createItemsFixture();
});

const HOSTILE = `x"; drop table articles; --`;
const enc = encodeURIComponent;

async function articlesCount(): Promise<number> {
  const { getDb } = await import('@/lib/db/client');
  const res = await sql<{ n: number }>`select count(*)::int as n from articles`.execute(getDb());
  return res.rows[0].n;
}

describe('user input never reaches SQL text', () => {
  it('refuses hostile names and binds hostile values, in every parameter', async () => {
    const { observeQueries } = await import('@/lib/db/client');
    const cases: [string, number][] = [
      [`/api/items/articles?fields=${enc(HOSTILE)}`, 400],
      [`/api/items/articles?fields=${enc(`author.${HOSTILE}`)}`, 400],
      [`/api/items/articles?sort=${enc(HOSTILE)}`, 400],
      [`/api/items/articles?sort=${enc(`-author.${HOSTILE}`)}`, 400],
      [`/api/items/articles?search=${enc(HOSTILE)}`, 200],
      [`/api/items/articles?filter[title][_eq]=${enc(HOSTILE)}`, 200],
      [`/api/items/articles?filter[${enc(HOSTILE)}][_eq]=1`, 400],
      [`/api/items/articles?alias[a]=${enc(HOSTILE)}&fields=a`, 400],
      [`/api/items/articles?fields=id,comments.body&deep[comments][_sort]=${enc(HOSTILE)}`, 400],
      [`/api/items/articles?fields=id,comments.body&deep[comments][_search]=${enc(HOSTILE)}`, 200],
      [`/api/items/articles?aggregate[count]=${enc(HOSTILE)}`, 400],
      [`/api/items/articles?aggregate[count]=*&groupBy=${enc(HOSTILE)}`, 400],
      [`/api/items/articles?fields=${enc(`year(${HOSTILE})`)}`, 400],
      [`/api/items/articles/${enc(HOSTILE)}`, 404],
      [`/api/items/articles/1?version=${enc(HOSTILE)}`, 404],
      [`/api/items/${enc(HOSTILE)}`, 404],
    ];
    for (const [path, status] of cases) {
      const seen: string[] = [];
      const stop = observeQueries((s) => seen.push(s));
      const res = await app.request(path, { token: admin.token });
      stop();
      expect({ path, status: res.status }).toEqual({ path, status });
      expect(seen.filter((s) => s.includes('drop table'))).toEqual([]);
    }
    expect(await articlesCount()).toBe(5);
  });

  it('reads items whose primary keys hold , ( ) and "', async () => {
    const { getDb } = await import('@/lib/db/client');
    await sql`create table codes (code varchar(40) primary key, label text)`.execute(getDb());
    await sql`insert into codes values ('a,b (c) "d"', 'odd'), ('a', 'plain')`.execute(getDb());
    (await import('@/lib/schema/overview')).invalidateSchema();
    const one = await app.request(`/api/items/codes/${enc('a,b (c) "d"')}`, { token: admin.token });
    expect(one.status).toBe(200);
    expect(one.body.data).toEqual({ code: 'a,b (c) "d"', label: 'odd' });
    const list = await app.request(`/api/items/codes?search=${enc('b (c) "d')}`, {
      token: admin.token,
    });
    expect(list.body.data).toEqual([{ code: 'a,b (c) "d"', label: 'odd' }]);
  });
});
