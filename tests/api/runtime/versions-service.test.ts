import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';
import { createItemsFixture } from '../../helpers/items-fixture';
import { createTokenUser, type TokenUser } from '../../helpers/token-users';
import { addPermissions } from '../../helpers/permissions';

const app = setupTestApp();
let admin: TokenUser;
let item: number;
let version: string;
let ext: string;

beforeAll(async () => {
  admin = await createTokenUser({ admin: true });
  await createItemsFixture({ prefix: 'vs_' });
  const created = await app.request('/api/items/vs_articles', {
    method: 'POST',
    token: admin.token,
    body: { title: 'Main', status: 'draft' },
  });
  item = created.body.data.id;
  const v = await app.request('/api/versions', {
    method: 'POST',
    token: admin.token,
    body: { key: 'draft', name: 'Draft', collection: 'vs_articles', item },
  });
  version = v.body.data.id;
  ext = `vers-${crypto.randomBytes(4).toString('hex')}`;
  const res = await app.request('/api/extensions', {
    method: 'POST',
    token: admin.token,
    body: {
      name: ext,
      type: 'endpoint',
      source: `export default async (r, { services }) => ({
        status: 200,
        body: await services.versions({ filter: { item: { _eq: '${item}' } }, fields: ['id', 'key'] }),
      });`,
    },
  });
  expect(res.status).toBe(201);
});

describe('context.services.versions() in runtime extensions', () => {
  it('lists versions for an administrator caller', async () => {
    const res = await app.request(`/api/ext/${ext}`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([{ id: version, key: 'draft' }]);
  });

  it('answers exactly as GET /api/versions answers the same non-admin caller', async () => {
    const reader = await createTokenUser();
    await addPermissions(reader.policy, [{ collection: 'vs_articles', action: 'read' }]);
    const viaExt = await app.request(`/api/ext/${ext}`, { token: reader.token });
    const viaRest = await app.request(`/api/versions?filter[item][_eq]=${item}&fields=id,key`, {
      token: reader.token,
    });
    expect(viaRest.status).toBe(200);
    expect(viaExt.status).toBe(200);
    expect(viaExt.body).toEqual(viaRest.body);
    expect(viaExt.body.data).toHaveLength(1);
  });

  it('shows no version of an item the caller may not read', async () => {
    const outsider = await createTokenUser();
    const res = await app.request(`/api/ext/${ext}`, { token: outsider.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
  });
});

describe('context.services.versions() for an anonymous caller', () => {
  it('fails the call as GET /api/versions refuses the caller', async () => {
    const rest = await app.request(`/api/versions?filter[item][_eq]=${item}`);
    expect(rest.status).toBe(401);
    const res = await app.request(`/api/ext/${ext}`);
    expect(res.status).toBe(500);
    expect(JSON.stringify(res.body)).not.toContain(version);
  });
});
