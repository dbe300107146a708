import { describe, expect, it } from 'vitest';
import { parseDefault } from '@/lib/schema/introspect';

describe('parseDefault', () => {
  it.each([
    ["'5000000000'::bigint", 5000000000],
    ["'9223372036854775807'::bigint", '9223372036854775807'],
    ["'-5'::integer", -5],
    ["'-3.25'::numeric", -3.25],
    ['10.50', 10.5],
    ['42', 42],
    ["'hello'::character varying", 'hello'],
    ["'it''s'::text", "it's"],
    ["'-5'", '-5'],
    ['true', true],
    ['NULL::character varying', null],
    ['now()', 'now()'],
    ['gen_random_uuid()', 'gen_random_uuid()'],
  ])('reads %s as %j', (raw, value) => {
    expect(parseDefault(raw, false)).toBe(value);
  });

  it('reports no default for auto-increment columns', () => {
    expect(parseDefault("nextval('t_id_seq'::regclass)", true)).toBeNull();
  });
});
