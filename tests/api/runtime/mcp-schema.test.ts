import http from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';
import { close, listen } from '../../helpers/node-http';
import { uid } from '../../helpers/schema-sql';
import { createTokenUser, type TokenUser } from '../../helpers/token-users';

/**
 * Conventions, MCP: "`schema` (collections, fields, relations: read; write for admins)".
 * Administrators create, update and delete collections and fields and write relations
 * through the tool; anyone else is refused.
 */
const app = setupTestApp();
let server: http.Server;
let base: string;
let admin: TokenUser;
let adminClient: Client;

async function settings(patch: Record<string, unknown>) {
  const res = await app.request('/api/settings', {
    method: 'PATCH',
    token: admin.token,
    body: patch,
  });
  expect(res.status).toBe(200);
}

async function connect(token: string) {
  const client = new Client({ name: 'test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${base}/api/mcp`), {
    requestInit: { headers: { authorization: `Bearer ${token}` } },
  });
  await client.connect(transport);
  return client;
}

async function schema(client: Client, args: Record<string, unknown>) {
  const result = await client.callTool({ name: 'schema', arguments: args });
  const text = (result.content as { text: string }[])[0].text;
  return { isError: Boolean(result.isError), text, json: () => JSON.parse(text) };
}

const rest = (path: string) => app.request(path, { token: admin.token });

async function newCollection(client: Client) {
  const name = uid('mcp_s');
  const res = await schema(client, {
    action: 'create_collection',
    data: {
      collection: name,
      schema: {},
      fields: [
        {
          field: 'id',
          type: 'integer',
          schema: { is_primary_key: true, has_auto_increment: true },
        },
      ],
    },
  });
  expect(res.isError).toBe(false);
  return name;
}

beforeAll(async () => {
  const { dispatchApi } = await import('@/lib/http/dispatch');
  const { serveApi } = await import('@/lib/http/node-adapter');
  server = http.createServer((req, res) => void serveApi(dispatchApi, req, res));
  base = await listen(server);
  admin = await createTokenUser({ admin: true });
  await settings({ mcp_enabled: true, mcp_allow_deletes: true });
  adminClient = await connect(admin.token);
});

afterAll(async () => {
  await adminClient?.close();
  await close(server);
});

describe('the MCP schema tool for administrators', () => {
  it('updates a collection’s metadata', async () => {
    const name = await newCollection(adminClient);
    const res = await schema(adminClient, {
      action: 'update_collection',
      collection: name,
      data: { meta: { note: 'edited over MCP' } },
    });
    expect(res.isError).toBe(false);
    expect(res.json().data.meta.note).toBe('edited over MCP');
    expect((await rest(`/api/collections/${name}`)).body.data.meta.note).toBe('edited over MCP');
  });

  it('creates, updates and deletes a field', async () => {
    const name = await newCollection(adminClient);
    const created = await schema(adminClient, {
      action: 'create_field',
      collection: name,
      data: { field: 'title', type: 'string' },
    });
    expect(created.isError).toBe(false);
    const updated = await schema(adminClient, {
      action: 'update_field',
      collection: name,
      field: 'title',
      data: { meta: { note: 'the headline' } },
    });
    expect(updated.isError).toBe(false);
    expect((await rest(`/api/fields/${name}/title`)).body.data.meta.note).toBe('the headline');
    const deleted = await schema(adminClient, {
      action: 'delete_field',
      collection: name,
      field: 'title',
    });
    expect(deleted.json()).toEqual({ deleted: true });
    expect((await rest(`/api/fields/${name}/title`)).status).toBe(404);
  });

  it('creates, updates and deletes a relation', async () => {
    const authors = await newCollection(adminClient);
    const posts = await newCollection(adminClient);
    await schema(adminClient, {
      action: 'create_field',
      collection: posts,
      data: { field: 'author', type: 'integer' },
    });
    const created = await schema(adminClient, {
      action: 'create_relation',
      data: {
        collection: posts,
        field: 'author',
        related_collection: authors,
        schema: { on_delete: 'SET NULL' },
      },
    });
    expect(created.isError).toBe(false);
    expect(created.json().data).toMatchObject({
      collection: posts,
      field: 'author',
      related_collection: authors,
    });
    const updated = await schema(adminClient, {
      action: 'update_relation',
      collection: posts,
      field: 'author',
      data: { schema: { on_delete: 'CASCADE' } },
    });
    expect(updated.isError).toBe(false);
    expect((await rest(`/api/relations/${posts}/author`)).body.data.schema.on_delete).toBe(
      'CASCADE',
    );
    const deleted = await schema(adminClient, {
      action: 'delete_relation',
      collection: posts,
      field: 'author',
    });
    expect(deleted.isError).toBe(false);
    expect((await rest(`/api/relations/${posts}/author`)).status).toBe(404);
  });

  it('deletes a collection', async () => {
    const name = await newCollection(adminClient);
    const res = await schema(adminClient, { action: 'delete_collection', collection: name });
    expect(res.json()).toEqual({ deleted: true });
    expect((await rest(`/api/collections/${name}`)).status).toBe(404);
  });

  it('answers an unknown collection with the REST message and a missing name as invalid', async () => {
    const unknown = await schema(adminClient, {
      action: 'update_collection',
      collection: 'no_such_collection_x',
      data: { meta: { note: 'x' } },
    });
    expect(unknown.isError).toBe(true);
    const missing = await schema(adminClient, { action: 'delete_field', collection: 'x' });
    expect(missing).toMatchObject({ isError: true, text: '"field" is required' });
  });

  it('refuses schema deletes while mcp_allow_deletes is off, and deletes nothing', async () => {
    const name = await newCollection(adminClient);
    await settings({ mcp_allow_deletes: false });
    const res = await schema(adminClient, { action: 'delete_collection', collection: name });
    await settings({ mcp_allow_deletes: true });
    expect(res.isError).toBe(true);
    expect(res.text).toContain('mcp_allow_deletes');
    expect((await rest(`/api/collections/${name}`)).status).toBe(200);
  });
});

describe('the MCP schema tool for other callers', () => {
  it('lets a non-admin read but refuses every write and changes nothing', async () => {
    const name = await newCollection(adminClient);
    const user = await createTokenUser();
    const client = await connect(user.token);
    try {
      expect((await schema(client, { action: 'relations' })).isError).toBe(false);
      const writes = [
        { action: 'create_collection', data: { collection: uid('mcp_x'), schema: {} } },
        { action: 'update_collection', collection: name, data: { meta: { note: 'hijacked' } } },
        { action: 'delete_collection', collection: name },
        { action: 'create_field', collection: name, data: { field: 'x', type: 'string' } },
        { action: 'update_field', collection: name, field: 'id', data: { meta: { note: 'x' } } },
        { action: 'delete_field', collection: name, field: 'id' },
        {
          action: 'create_relation',
          data: { collection: name, field: 'id', related_collection: name },
        },
        { action: 'update_relation', collection: name, field: 'id', data: { schema: {} } },
        { action: 'delete_relation', collection: name, field: 'id' },
      ];
      for (const args of writes) {
        const res = await schema(client, args);
        expect(res, args.action).toMatchObject({
          isError: true,
          text: expect.stringMatching(/permission/i),
        });
      }
    } finally {
      await client.close();
    }
    const after = await rest(`/api/collections/${name}`);
    expect(after.status).toBe(200);
    expect(after.body.data.meta?.note ?? null).toBeNull();
  });

  it('refuses an anonymous connection with 401', async () => {
    const res = await fetch(`${base}/api/mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(res.status).toBe(401);
  });
});
