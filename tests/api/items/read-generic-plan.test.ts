import { CompiledQuery, sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';

/**
 * Read statements are prepared, and PostgreSQL may switch a prepared statement to a generic
 * plan, which knows neither limit nor offset. The page's rows must still be joined back to
 * the table by key, one lookup per chosen row: a plan that reads the whole table to join a
 * page back makes every page as slow as a full scan.
 */
const app = setupTestApp();
const collection = `gp_${Date.now().toString(36)}`;
let admin: string;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Parent Relationship'?: string;
  Plans?: PlanNode[];
}

/** How the page reads `table`; the count (an init plan, skipped over the cap) left out. */
function scansOf(node: PlanNode, table: string, out: string[] = []): string[] {
  if (node['Parent Relationship'] === 'InitPlan') return out;
  if (node['Relation Name'] === table) out.push(node['Node Type']);
  for (const child of node.Plans ?? []) scansOf(child, table, out);
  return out;
}

const literal = (v: unknown) =>
  typeof v === 'number' ? String(v) : `'${String(v).replaceAll("'", "''")}'`;

/** The generic plan of the statement a list read sends, as PostgreSQL would run it. */
async function genericPlanOf(path: string): Promise<{ status: number; scans: string[] }> {
  const { getDb, observeQueries } = await import('@/lib/db/client');
  const seen: { sql: string; parameters: readonly unknown[] }[] = [];
  const stop = observeQueries((text, parameters) => seen.push({ sql: text, parameters }));
  const res = await app.request(path, { token: admin });
  stop();
  const statement = seen.filter((s) => s.sql.includes('to_json(')).at(-1);
  if (!statement) throw new Error('no item statement');
  const scans = await getDb()
    .connection()
    .execute(async (db) => {
      await sql`set plan_cache_mode = force_generic_plan`.execute(db);
      try {
        await db.executeQuery(CompiledQuery.raw(`prepare generic_check as ${statement.sql}`));
        const args = statement.parameters.map(literal).join(', ');
        const explained = await db.executeQuery<{ 'QUERY PLAN': unknown }>(
          CompiledQuery.raw(`explain (format json) execute generic_check(${args})`),
        );
        const raw = explained.rows[0]['QUERY PLAN'];
        const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [{ Plan: PlanNode }];
        return scansOf(plan[0].Plan, collection);
      } finally {
        await sql`deallocate all`.execute(db);
        await sql`reset plan_cache_mode`.execute(db);
      }
    });
  return { status: res.status, scans };
}

beforeAll(async () => {
  admin = await app.adminToken();
  const made = await app.request('/api/collections', {
    method: 'POST',
    token: admin,
    body: { collection, fields: [{ field: 'title', type: 'string' }] },
  });
  expect(made.status).toBe(201);
  const { getDb } = await import('@/lib/db/client');
  const db = getDb();
  await sql`insert into ${sql.table(collection)} (title)
    select 'row ' || n from generate_series(1, 20000) as n`.execute(db);
  await sql`analyze ${sql.table(collection)}`.execute(db);
});

describe('a page in a generic plan', () => {
  it('joins a plain page back by key, never scanning the whole table', async () => {
    const { status, scans } = await genericPlanOf(
      `/api/items/${collection}?fields=id,title&limit=25&offset=3000`,
    );
    expect(status).toBe(200);
    expect(scans.length).toBeGreaterThanOrEqual(2);
    expect(scans).not.toContain('Seq Scan');
  });

  it('joins a sorted page back by key, never scanning the whole table', async () => {
    const { status, scans } = await genericPlanOf(
      `/api/items/${collection}?fields=id,title&sort=-id&limit=25&offset=500`,
    );
    expect(status).toBe(200);
    expect(scans).not.toContain('Seq Scan');
  });
});
