import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';
import { createTokenUser, type TokenUser } from '../../helpers/token-users';

const app = setupTestApp();
let member: TokenUser;

beforeAll(async () => {
  member = await createTokenUser();
});

interface Definition {
  id: string;
  name: string;
  icon: string;
  types: string[];
  localTypes: string[];
  group: string;
  order: number;
  supported: boolean;
}

const get = (query = '') => app.request(`/api/interfaces${query}`, { token: member.token });
const ids = (list: Definition[]) => list.map((i) => i.id);

describe('GET /api/interfaces', () => {
  it('lists the supported interfaces to a signed-in non-admin, each complete', async () => {
    const res = await get();
    expect(res.status).toBe(200);
    const list = res.body.data as Definition[];
    expect(ids(list)).toEqual(
      expect.arrayContaining([
        'input',
        'input-multiline',
        'input-rich-text-md',
        'input-code',
        'input-hash',
        'tags',
        'boolean',
        'datetime',
        'select-dropdown',
        'select-multiple-checkbox',
        'select-radio',
        'select-color',
        'slider',
        'collection-item-dropdown',
        'list-m2m',
        'list-o2m',
        'select-dropdown-m2o',
        'file',
        'file-image',
        'files',
        'presentation-divider',
        'presentation-notice',
        'presentation-links',
        'group-raw',
        'group-detail',
        'group-accordion',
        'workflow-state',
      ]),
    );
    expect(new Set(ids(list)).size).toBe(list.length);
    for (const i of list) {
      expect(i).toMatchObject({
        name: expect.any(String),
        icon: expect.any(String),
        types: expect.any(Array),
        localTypes: expect.any(Array),
        order: expect.any(Number),
        supported: true,
      });
      expect([
        'standard',
        'selection',
        'relational',
        'presentation',
        'group',
        'workflow',
      ]).toContain(i.group);
    }
    expect(list.find((i) => i.id === 'list-m2m')).toMatchObject({
      group: 'relational',
      types: ['alias'],
      localTypes: ['m2m'],
      relational: true,
    });
  });

  it('includes unsupported interfaces with supported=false', async () => {
    const supported = await get();
    const all = await get('?supported=false');
    expect(all.status).toBe(200);
    expect(all.body.data.length).toBeGreaterThan(supported.body.data.length);
    expect(all.body.data.some((i: Definition) => !i.supported)).toBe(true);
    expect(ids(supported.body.data).every((id) => ids(all.body.data).includes(id))).toBe(true);
  });

  it('keeps interfaces supporting the field type', async () => {
    const res = await get('?type=boolean');
    expect(ids(res.body.data)).toEqual(['boolean']);
    const text = await get('?type=text');
    expect(ids(text.body.data)).toEqual(
      expect.arrayContaining(['input-multiline', 'input-rich-text-md', 'input-code']),
    );
    expect(text.body.data.every((i: Definition) => i.types.includes('text'))).toBe(true);
    const none = await get('?type=nothing');
    expect(none.body.data).toEqual([]);
  });

  it('keeps interfaces of the local type', async () => {
    const m2o = await get('?localType=m2o');
    expect(ids(m2o.body.data)).toEqual(['select-dropdown-m2o']);
    const groups = await get('?localType=group');
    expect(ids(groups.body.data)).toEqual(['group-raw', 'group-detail', 'group-accordion']);
    const both = await get('?type=alias&localType=o2m');
    expect(ids(both.body.data)).toContain('list-o2m');
    expect(ids(both.body.data)).not.toContain('list-m2m');
  });

  it('groups the interfaces with display names when grouped=true', async () => {
    const res = await get('?grouped=true');
    expect(res.status).toBe(200);
    const { interfaces, groups } = res.body.data;
    expect(groups.map((g: { key: string }) => g.key)).toEqual([
      'standard',
      'selection',
      'relational',
      'presentation',
      'group',
      'workflow',
    ]);
    expect(groups[0]).toMatchObject({ key: 'standard', name: 'Text & Numbers' });
    expect(groups.map((g: { name: string }) => g.name)).toEqual([
      'Text & Numbers',
      'Selection',
      'Relational',
      'Presentation',
      'Groups',
      'Workflow',
    ]);
    const flattened = groups.flatMap((g: { interfaces: Definition[] }) => g.interfaces);
    expect(ids(flattened).sort()).toEqual(ids(interfaces).sort());
    for (const g of groups as { key: string; interfaces: Definition[] }[]) {
      expect(g.interfaces.every((i) => i.group === g.key)).toBe(true);
      const orders = g.interfaces.map((i) => i.order);
      expect(orders).toEqual([...orders].sort((a, b) => a - b));
    }
  });

  it('leaves out groups with no interface after filtering', async () => {
    const res = await get('?grouped=1&type=boolean');
    expect(res.body.data.groups).toEqual([
      { key: 'selection', name: 'Selection', interfaces: res.body.data.interfaces },
    ]);
    const flat = await get('?grouped=false&type=boolean');
    expect(Array.isArray(flat.body.data)).toBe(true);
  });

  it('answers 400 for a malformed boolean or an unknown parameter', async () => {
    for (const query of ['?grouped=yes', '?supported=maybe', '?bogus=1']) {
      const res = await get(query);
      expect(res.status).toBe(400);
      expect(res.body.errors[0].extensions.code).toBe('INVALID_QUERY');
    }
  });

  it('answers 401 to an anonymous caller', async () => {
    const res = await app.request('/api/interfaces');
    expect(res.status).toBe(401);
    expect(res.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });
});
