import { PGlite } from '@electric-sql/pglite';
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
} from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { columnType, defaultSql, indexName, literal } from '@/lib/schema/ddl';

const lite = new PGlite();
const compiler = new Kysely<unknown>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});
afterAll(() => lite.close());

async function roundTrip(value: string): Promise<string> {
  const res = await lite.query<{ v: string }>(`select ${literal(value)} as v`);
  return res.rows[0].v;
}

describe('literal()', () => {
  it.each([
    ["it's"],
    ["'); drop table x; --"],
    ['back\\slash'],
    ["\\'; select 1; --"],
    ["E'\\x27'"],
    ['line\nbreak'],
    ['ünïcødé ✓'],
    [''],
  ])('reads back %j unchanged from the database', async (value) => {
    expect(await roundTrip(value)).toBe(value);
  });

  it('doubles quotes and backslashes inside an escape string', () => {
    expect(literal("a'b\\c")).toBe("E'a''b\\\\c'");
  });

  it('refuses NUL bytes', () => {
    expect(() => literal('a\0b')).toThrow(/NUL/);
  });
});

describe('columnType()', () => {
  it('maps types with lengths and precision', () => {
    expect(columnType('string', {})).toBe('varchar(255)');
    expect(columnType('string', { max_length: 12 })).toBe('varchar(12)');
    expect(columnType('decimal', {})).toBe('numeric(10, 5)');
    expect(columnType('decimal', { numeric_precision: 8, numeric_scale: 2 })).toBe('numeric(8, 2)');
    expect(columnType('dateTime', {})).toBe('timestamp');
    expect(columnType('timestamp', {})).toBe('timestamptz');
    expect(columnType('json', {})).toBe('jsonb');
    expect(columnType('hash', {})).toBe('varchar(255)');
  });

  it('refuses lengths and scales that are not sane integers', () => {
    expect(() => columnType('string', { max_length: 0 })).toThrow();
    expect(() => columnType('string', { max_length: 1.5 })).toThrow();
    expect(() => columnType('decimal', { numeric_precision: 4, numeric_scale: 5 })).toThrow();
    expect(() =>
      columnType('string', { max_length: '1); drop table x' as unknown as number }),
    ).toThrow();
  });
});

describe('defaultSql()', () => {
  const compiled = (type: Parameters<typeof defaultSql>[1], value: unknown) =>
    defaultSql('f', type, value)?.compile(compiler).sql;

  it('writes literals checked for their type and canonical expressions', () => {
    expect(compiled('integer', 42)).toBe('42');
    expect(compiled('integer', '-7')).toBe('-7');
    expect(compiled('boolean', 'false')).toBe('false');
    expect(compiled('json', { a: "x'" })).toBe(`E'{"a":"x''"}'::jsonb`);
    expect(compiled('csv', ['a', 'b'])).toBe("E'a,b'");
    expect(compiled('timestamp', 'current_timestamp')).toBe('CURRENT_TIMESTAMP');
    expect(compiled('string', 'now()')).toBe("E'now()'");
  });

  it('returns null for no default', () => {
    expect(defaultSql('f', 'string', null)).toBeNull();
    expect(defaultSql('f', 'string', undefined)).toBeNull();
  });

  it('accepts only whitelisted expressions for their types', () => {
    expect(() => defaultSql('f', 'dateTime', 'now()')).not.toThrow();
    expect(() => defaultSql('f', 'uuid', 'gen_random_uuid()')).not.toThrow();
    expect(() => defaultSql('f', 'dateTime', 'pg_sleep(10)')).toThrow();
    expect(() => defaultSql('f', 'integer', 'now()')).toThrow();
    expect(() => defaultSql('f', 'integer', '1; drop table x')).toThrow();
    expect(() => defaultSql('f', 'decimal', '1e400')).toThrow();
    expect(() => defaultSql('f', 'float', Infinity)).toThrow();
  });

  it('writes a string default as an escaped literal the database reads back', async () => {
    await lite.exec(`create table t_def (s text default ${literal("x'); drop table t_def; --")})`);
    await lite.exec('insert into t_def default values');
    const res = await lite.query<{ s: string }>('select s from t_def');
    expect(res.rows).toEqual([{ s: "x'); drop table t_def; --" }]);
  });
});

describe('indexName()', () => {
  it('stays within 63 characters and differs for different field lists', () => {
    const a = indexName('t'.repeat(60), ['alpha', 'beta'], 'unique');
    const b = indexName('t'.repeat(60), ['alpha', 'gamma'], 'unique');
    expect(a.length).toBeLessThanOrEqual(63);
    expect(a).not.toBe(b);
    expect(indexName('posts', ['a', 'b'], 'index')).toBe('posts_a_b_index');
  });
});
