import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';
import { createPermittedUser } from '../../helpers/permissions';
import { defineSchema, rows } from './write-fixture';

const app = setupTestApp();

beforeAll(async () => {
  await defineSchema({
    sql: [
      `create table pd_notes (id serial primary key, title text, owner uuid, team uuid,
        mail varchar(255), stamp timestamptz, tags jsonb)`,
    ],
  });
});

const PRESETS = {
  owner: '$CURRENT_USER',
  team: '$CURRENT_ROLE',
  mail: '$CURRENT_USER.email',
  stamp: '$NOW',
  tags: { made_by: '$CURRENT_USER', kind: 'note', literal: '$NOT_A_WORD' },
};

describe('dynamic values in permission presets', () => {
  it('fills $CURRENT_USER, $CURRENT_ROLE, $CURRENT_USER.<field> and $NOW on create', async () => {
    const user = await createPermittedUser([
      { collection: 'pd_notes', action: 'create', presets: PRESETS },
      { collection: 'pd_notes', action: 'read' },
    ]);
    const token = await app.login(user.email, user.password);
    const before = Date.now();
    const res = await app.request('/api/items/pd_notes', {
      method: 'POST',
      token,
      body: { title: 'mine' },
    });
    expect(res.status).toBe(201);
    const [row] = (await rows('pd_notes')).filter((r) => r.id === res.body.data.id);
    expect(row.owner).toBe(user.id);
    expect(row.team).toBe(user.role);
    expect(row.mail).toBe(user.email);
    expect(new Date(row.stamp as string).getTime()).toBeGreaterThanOrEqual(before - 5000);
    const tags = typeof row.tags === 'string' ? JSON.parse(row.tags) : row.tags;
    expect(tags).toEqual({ made_by: user.id, kind: 'note', literal: '$NOT_A_WORD' });
  });

  it('lets what the caller sends win over a dynamic preset', async () => {
    const user = await createPermittedUser([
      { collection: 'pd_notes', action: 'create', presets: { title: '$CURRENT_USER' } },
    ]);
    const token = await app.login(user.email, user.password);
    const res = await app.request('/api/items/pd_notes', {
      method: 'POST',
      token,
      body: { title: 'given' },
    });
    expect(res.status).toBe(201);
    const titles = (await rows('pd_notes')).map((r) => r.title);
    expect(titles).toContain('given');
  });

  it('answers an anonymous caller without a create permission 401', async () => {
    const res = await app.request('/api/items/pd_notes', { method: 'POST', body: { title: 'x' } });
    expect(res.status).toBe(401);
  });
});
