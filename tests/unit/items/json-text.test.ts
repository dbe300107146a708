import { describe, expect, it } from 'vitest';
import { bodyOf, JsonText } from '@/lib/items/read/json-text';

const item = (v: unknown) => new JsonText(JSON.stringify(v));

describe('a body spliced from items kept as JSON text', () => {
  it('reads back as the same value JSON.stringify gives for the parsed items', () => {
    const items = [
      { id: 1, title: 'a "quoted" é\n' },
      { id: 2, nested: { list: [1, null] } },
    ];
    const meta = { total: 2, page: 1, total_estimated: false };
    const body = bodyOf({ data: items.map(item), meta });
    expect(JSON.parse(body)).toEqual({ data: items, meta });
    expect(body).toBe(JSON.stringify({ data: items, meta }));
  });

  it('leaves out members that are undefined, as JSON.stringify does', () => {
    expect(bodyOf({ data: [item({ id: 1 })], meta: undefined })).toBe('{"data":[{"id":1}]}');
    expect(bodyOf({ data: [item({ id: 1 })] })).toBe('{"data":[{"id":1}]}');
  });

  it('splices a single item', () => {
    expect(bodyOf({ data: item({ id: 7 }) })).toBe('{"data":{"id":7}}');
  });

  it('serialises anything that is not all text as JSON.stringify does', () => {
    const mixed = { data: [item({ id: 1 }), { id: 2 }], meta: { total: 2 } };
    expect(bodyOf(mixed)).toBe('{"data":[{"id":1},{"id":2}],"meta":{"total":2}}');
    expect(bodyOf({ data: [], meta: { total: 0 } })).toBe('{"data":[],"meta":{"total":0}}');
    expect(bodyOf({ data: [{ id: 1 }] })).toBe('{"data":[{"id":1}]}');
    expect(bodyOf([1, 2])).toBe('[1,2]');
    expect(bodyOf(null)).toBe('null');
  });

  it('parses back into the value when anything else serialises it', () => {
    expect(JSON.stringify({ nested: item({ id: 3 }) })).toBe('{"nested":{"id":3}}');
  });
});
