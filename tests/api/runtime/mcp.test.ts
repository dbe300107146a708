import http from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';
import { close, listen } from '../../helpers/node-http';
import { createScopeItem, uniqueSegment } from '../../helpers/access';
import { addPermissions } from '../../helpers/permissions';
import { defineSchema } from '../items/write-fixture';
import { exec, uid } from '../../helpers/schema-sql';
import { createTokenUser, type TokenUser } from '../../helpers/token-users';

const app = setupTestApp();
let server: http.Server;
let base: string;
let admin: TokenUser;
let table: string;

async function settings(patch: Record<string, unknown>) {
  const res = await app.request('/api/settings', {
    method: 'PATCH',
    token: admin.token,
    body: patch,
  });
  expect(res.status).toBe(200);
}

async function connect(token: string, url = `${base}/api/mcp`, extra: Record<string, string> = {}) {
  const client = new Client({ name: 'test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...extra } },
  });
  await client.connect(transport);
  return client;
}

function parsed(result: Awaited<ReturnType<Client['callTool']>>) {
  const text = (result.content as { type: string; text: string }[])[0].text;
  return { isError: Boolean(result.isError), text, json: () => JSON.parse(text) };
}

/** A reader of `table` who sees only rows owned by "me", without the `secret` field. */
async function reader(actions: ('create' | 'update' | 'delete')[] = []) {
  const user = await createTokenUser();
  await addPermissions(user.policy, [
    {
      collection: table,
      action: 'read',
      fields: ['id', 'title', 'owner'],
      permissions: { owner: { _eq: 'me' } },
    },
    ...actions.map((action) => ({
      collection: table,
      action,
      fields: ['title', 'owner'],
      permissions: action === 'create' ? null : { owner: { _eq: 'me' } },
    })),
  ]);
  return user;
}

beforeAll(async () => {
  const { dispatchApi } = await import('@/lib/http/dispatch');
  const { serveApi } = await import('@/lib/http/node-adapter');
  server = http.createServer((req, res) => void serveApi(dispatchApi, req, res));
  base = await listen(server);
  admin = await createTokenUser({ admin: true });
  table = uid('mcp_notes');
  await exec(`create table ${table} (id serial primary key, title text, secret text, owner text)`);
  await exec(
    `insert into ${table} (title, secret, owner) values ('mine', 's1', 'me'), ('theirs', 's2', 'other')`,
  );
  (await import('@/lib/schema/overview')).invalidateSchema();
  await settings({ mcp_enabled: true, mcp_allow_deletes: false });
});

afterAll(async () => {
  await close(server);
});

describe('/api/mcp', () => {
  it('lists the tools of the conventions', async () => {
    const client = await connect((await reader()).token);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(
      ['files', 'items', 'permissions', 'policies', 'roles', 'schema', 'users'].sort(),
    );
    await client.close();
  });

  it('reads items with the caller’s item filter and field permissions', async () => {
    const client = await connect((await reader()).token);
    const res = parsed(
      await client.callTool({ name: 'items', arguments: { action: 'read', collection: table } }),
    );
    expect(res.isError).toBe(false);
    expect(res.json().data).toEqual([{ id: 1, title: 'mine', owner: 'me' }]);
    const secret = parsed(
      await client.callTool({
        name: 'items',
        arguments: { action: 'read', collection: table, query: { fields: ['secret'] } },
      }),
    );
    expect(secret.isError).toBe(true);
    expect(secret.text).not.toContain('s1');
    await client.close();
  });

  it('creates and updates items as permitted and refuses what is not', async () => {
    const writer = await connect((await reader(['create', 'update'])).token);
    const created = parsed(
      await writer.callTool({
        name: 'items',
        arguments: { action: 'create', collection: table, data: { title: 'new', owner: 'me' } },
      }),
    );
    expect(created.isError).toBe(false);
    const id = created.json().data.id;
    const updated = parsed(
      await writer.callTool({
        name: 'items',
        arguments: { action: 'update', collection: table, key: id, data: { title: 'renamed' } },
      }),
    );
    expect(updated.json().data.title).toBe('renamed');
    const hidden = parsed(
      await writer.callTool({
        name: 'items',
        arguments: { action: 'update', collection: table, key: 2, data: { title: 'x' } },
      }),
    );
    expect(hidden.isError).toBe(true);
    const readOnly = await connect((await reader()).token);
    const refused = parsed(
      await readOnly.callTool({
        name: 'items',
        arguments: { action: 'create', collection: table, data: { title: 'no' } },
      }),
    );
    expect(refused.isError).toBe(true);
    await writer.close();
    await readOnly.close();
  });

  it('refuses deletes until mcp_allow_deletes is on', async () => {
    const client = await connect((await reader(['create', 'delete'])).token);
    const created = parsed(
      await client.callTool({
        name: 'items',
        arguments: { action: 'create', collection: table, data: { title: 'tmp', owner: 'me' } },
      }),
    );
    const id = created.json().data.id;
    const call = () =>
      client.callTool({
        name: 'items',
        arguments: { action: 'delete', collection: table, key: id },
      });
    const refused = parsed(await call());
    expect(refused.isError).toBe(true);
    expect(refused.text).toMatch(/mcp_allow_deletes/);
    await settings({ mcp_allow_deletes: true });
    try {
      const done = parsed(await call());
      expect(done.isError).toBe(false);
      expect(done.json()).toMatchObject({ deleted: true });
    } finally {
      await settings({ mcp_allow_deletes: false });
    }
    await client.close();
  });

  it('runs the users tool with the caller’s permissions', async () => {
    const client = await connect((await reader()).token);
    const res = parsed(await client.callTool({ name: 'users', arguments: { action: 'read' } }));
    expect(res.isError).toBe(true);
    const adminClient = await connect(admin.token);
    const list = parsed(
      await adminClient.callTool({ name: 'users', arguments: { action: 'read' } }),
    );
    expect(list.isError).toBe(false);
    expect(list.text).not.toContain(admin.token);
    await client.close();
    await adminClient.close();
  });

  it('reads and creates items at the request scope', async () => {
    const acme = `/${uniqueSegment('acme')}`;
    const acmeId = await createScopeItem(acme);
    const otherId = await createScopeItem(`/${uniqueSegment('other')}`);
    const scoped = uid('mcp_orders');
    await defineSchema({
      sql: [
        `create table ${scoped} (id serial primary key, label text, tenant uuid references daas_scope_items(id))`,
      ],
      relations: [
        { many_collection: scoped, many_field: 'tenant', one_collection: 'daas_scope_items' },
      ],
    });
    await exec(
      `insert into ${scoped} (label, tenant) values ('acme order', '${acmeId}'), ('other order', '${otherId}')`,
    );
    const user = await createTokenUser({
      permissions: [
        { collection: scoped, action: 'read' },
        { collection: scoped, action: 'create' },
      ],
    });
    const client = await connect(user.token, `${base}/api/mcp`, { 'x-resource-uri': acme });
    const read = parsed(
      await client.callTool({ name: 'items', arguments: { action: 'read', collection: scoped } }),
    );
    expect(read.json().data.map((r: { label: string }) => r.label)).toEqual(['acme order']);
    const created = parsed(
      await client.callTool({
        name: 'items',
        arguments: { action: 'create', collection: scoped, data: { label: 'via mcp' } },
      }),
    );
    expect(created.json().data.tenant).toBe(acmeId);
    await client.close();
  });

  it('accepts the token as ?access_token=', async () => {
    const user = await reader();
    const client = await connect('', `${base}/api/mcp?access_token=${user.token}`);
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    await client.close();
  });

  it('answers 401 without credentials and 403 while mcp_enabled is off', async () => {
    const anonymous = await fetch(`${base}/api/mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(anonymous.status).toBe(401);
    await settings({ mcp_enabled: false });
    try {
      const off = await fetch(`${base}/api/mcp`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${admin.token}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
      expect(off.status).toBe(403);
    } finally {
      await settings({ mcp_enabled: true });
    }
  });
});
