import { describe, expect, it } from 'vitest';
import {
  allowedFields,
  can,
  canField,
  isAdmin,
  isItemRestricted,
} from '@/lib/client/permissions/can';
import type { MyPermissionRow, MyPermissions } from '@/lib/client/permissions/types';

let nextId = 1;
function row(overrides: Partial<MyPermissionRow>): MyPermissionRow {
  return {
    id: nextId++,
    policy: 'p1',
    collection: 'articles',
    action: 'read',
    fields: ['*'],
    permissions: null,
    validation: null,
    presets: null,
    ...overrides,
  };
}

function answer(data: MyPermissionRow[]): MyPermissions {
  return { data, moduleAccess: {}, meta: { resource_uri: null } };
}

describe('permission readers', () => {
  const perms = answer([
    row({ collection: 'articles', action: 'read', fields: ['id', 'title'] }),
    row({ collection: 'articles', action: 'read', policy: 'p2', fields: ['title', 'body'] }),
    row({ collection: 'articles', action: 'update', fields: ['title'], permissions: { a: 1 } }),
    row({ collection: 'authors', action: 'read', fields: ['*'] }),
    row({ collection: 'authors', action: 'read', policy: 'p2', fields: ['name'] }),
    row({ collection: 'tags', action: 'read', fields: null }),
  ]);

  it('grants an action only where a row names it', () => {
    expect(can(perms, 'articles', 'read')).toBe(true);
    expect(can(perms, 'articles', 'update')).toBe(true);
    expect(can(perms, 'articles', 'delete')).toBe(false);
    expect(can(perms, 'comments', 'read')).toBe(false);
  });

  it('treats a missing answer (loading, failed) as no permission', () => {
    expect(can(undefined, 'articles', 'read')).toBe(false);
    expect(can(null, 'articles', 'read')).toBe(false);
    expect(allowedFields(undefined, 'articles', 'read')).toEqual([]);
    expect(isAdmin(undefined)).toBe(false);
  });

  it('unions the field lists of every granting policy', () => {
    expect(allowedFields(perms, 'articles', 'read')).toEqual(['id', 'title', 'body']);
    expect(canField(perms, 'articles', 'read', 'body')).toBe(true);
    expect(canField(perms, 'articles', 'update', 'body')).toBe(false);
  });

  it('lets one wildcard open every field', () => {
    expect(allowedFields(perms, 'authors', 'read')).toBe('*');
    expect(canField(perms, 'authors', 'read', 'anything')).toBe(true);
  });

  it('grants no field for a row without a list, as the server does', () => {
    expect(can(perms, 'tags', 'read')).toBe(true);
    expect(allowedFields(perms, 'tags', 'read')).toEqual([]);
  });

  it('reports item restriction only when every granting row has a filter', () => {
    expect(isItemRestricted(perms, 'articles', 'update')).toBe(true);
    expect(isItemRestricted(perms, 'articles', 'read')).toBe(false);
    expect(isItemRestricted(perms, 'articles', 'delete')).toBe(false);
    const mixed = answer([
      row({ action: 'update', permissions: { a: 1 } }),
      row({ action: 'update', permissions: null }),
    ]);
    expect(isItemRestricted(mixed, 'articles', 'update')).toBe(false);
  });

  it('recognises the administrator answer by its synthetic rows', () => {
    const admin = answer([row({ id: null, policy: '', collection: 'articles', action: 'read' })]);
    expect(isAdmin(admin)).toBe(true);
    expect(isAdmin(perms)).toBe(false);
    expect(allowedFields(admin, 'articles', 'read')).toBe('*');
  });
});
