import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';
import { defineSchema } from './write-fixture';

const app = setupTestApp();
let token: string;

beforeAll(async () => {
  token = await app.adminToken();
  await defineSchema({
    sql: [
      `create table jn_stats (id serial primary key, metadata jsonb)`,
      `insert into jn_stats (metadata) values
        ('{"views": 9}'), ('{"views": 10}'), ('{"views": "high"}'), ('{"views": 100}'),
        ('{"views": 2.5e1}'), ('{}'), (null)`,
    ],
  });
});

async function ids(filter: unknown): Promise<number[]> {
  const q = encodeURIComponent(JSON.stringify(filter));
  const res = await app.request(`/api/items/jn_stats?fields=id&sort=id&filter=${q}`, { token });
  expect(res.status, res.text).toBe(200);
  return res.body.data.map((r: { id: number }) => r.id);
}

describe('range filters on json() values', () => {
  it('compare numbers as numbers when the operand is one', async () => {
    expect(await ids({ 'json(metadata, views)': { _gt: 9 } })).toEqual([2, 4, 5]);
    expect(await ids({ 'json(metadata, views)': { _lt: '50' } })).toEqual([1, 2, 5]);
    expect(await ids({ 'json(metadata, views)': { _gte: 10, _lte: 25 } })).toEqual([2, 5]);
    expect(await ids({ 'json(metadata, views)': { _between: [9, 10] } })).toEqual([1, 2]);
    expect(await ids({ 'json(metadata, views)': { _nbetween: '10,1000' } })).toEqual([1]);
  });

  it('compare as text when the operand is not a number', async () => {
    expect(await ids({ 'json(metadata, views)': { _gt: 'h' } })).toEqual([3]);
  });

  it('take the bracket form of the query too', async () => {
    const res = await app.request(
      `/api/items/jn_stats?fields=id&sort=id&filter[json(metadata, views)][_gt]=9`,
      { token },
    );
    expect(res.status).toBe(200);
    expect(res.body.data.map((r: { id: number }) => r.id)).toEqual([2, 4, 5]);
  });
});
