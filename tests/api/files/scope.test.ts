import { beforeAll, describe, expect, it } from 'vitest';
import { createScopeItem, grant, uniqueSegment } from '../../helpers/access';
import { setupTestApp } from '../../helpers/app';
import { addPermissions, createPermissionPolicy } from '../../helpers/permissions';
import { STORAGE_DRIVERS, storeFilesWith } from '../../helpers/storage';
import { createUser } from '../../helpers/users';
import { formWith } from './fixtures';

const app = setupTestApp();

describe.each(STORAGE_DRIVERS)('files and scopes on %s storage', (driver) => {
  storeFilesWith(driver);
  let acme: string;
  let globex: string;
  let token: string;

  beforeAll(async () => {
    acme = `/${uniqueSegment('acme')}`;
    globex = `/${uniqueSegment('globex')}`;
    const acmeId = await createScopeItem(acme);
    const globexId = await createScopeItem(globex);
    const policy = await createPermissionPolicy([]);
    await addPermissions(policy, [
      { collection: 'daas_files', action: 'create' },
      { collection: 'daas_files', action: 'read' },
    ]);
    const user = await createUser({});
    await grant({ policy, user: user.id, scope: acmeId });
    await grant({ policy, user: user.id, scope: globexId });
    token = await app.login(user.email, user.password);
  });

  const at = (uri: string) => ({ 'x-resource-uri': uri });

  it('keeps a file uploaded in one scope out of another scope', async () => {
    const up = await app.request('/api/files', {
      method: 'POST',
      token,
      headers: at(acme),
      form: formWith({ title: 'acme plan' }, { bytes: 'plan', filename: 'plan.txt' }),
    });
    expect(up.status).toBe(201);
    const id = up.body.data.id as string;
    expect(up.body.data.scope).toBeTruthy();

    const inAcme = await app.request('/api/files?fields=id', { token, headers: at(acme) });
    expect(inAcme.body.data.map((f: { id: string }) => f.id)).toContain(id);
    const inGlobex = await app.request('/api/files?fields=id', { token, headers: at(globex) });
    expect(inGlobex.body.data.map((f: { id: string }) => f.id)).not.toContain(id);
    expect((await app.request(`/api/assets/${id}`, { token, headers: at(globex) })).status).toBe(
      404,
    );
    const bytes = await app.request(`/api/assets/${id}`, { token, headers: at(acme) });
    expect([bytes.status, bytes.text]).toEqual([200, 'plan']);
  });
});
