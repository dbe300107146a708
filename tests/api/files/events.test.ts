import http from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';
import { close, listen } from '../../helpers/node-http';
import { createPermittedUser } from '../../helpers/permissions';
import { formWith, pngBytes } from './fixtures';

/**
 * Specification, Events, "Which routes emit events": "GET/POST /api/files | No events
 * (bypasses emitter)". PATCH and DELETE are not in that row: they emit as Directus does.
 */
const app = setupTestApp();
let admin: string;
let editor: string;
const seen: string[] = [];
const off: (() => void)[] = [];

const EVENTS = ['query', 'read', 'create', 'update', 'delete'];

beforeAll(async () => {
  admin = await app.adminToken();
  const user = await createPermittedUser([
    { collection: 'daas_files', action: 'create' },
    { collection: 'daas_files', action: 'read' },
  ]);
  editor = await app.login(user.email, user.password);
  const { emitter } = await import('@/lib/events/emitter');
  for (const e of EVENTS) {
    off.push(
      emitter().onFilter(`items.${e}`, (payload, meta) => {
        if (meta.collection === 'daas_files') seen.push(`filter:${e}`);
        return payload;
      }),
      emitter().onFilter(`daas_files.items.${e}`, (payload) => {
        seen.push(`filter:daas_files.${e}`);
        return payload;
      }),
      emitter().onAction(`items.${e}`, (meta) => {
        if (meta.collection === 'daas_files') seen.push(`action:${e}`);
      }),
    );
  }
});

afterAll(() => {
  for (const f of off) f();
});

beforeEach(() => {
  seen.length = 0;
});

async function upload(token: string) {
  const res = await app.request('/api/files', {
    method: 'POST',
    token,
    form: formWith(
      { title: 'Event probe' },
      { bytes: await pngBytes(3, 3), filename: 'probe.png', type: 'image/png' },
    ),
  });
  expect(res.status).toBe(201);
  return res.body.data.id as string;
}

/** Action hooks run after the response: give them a moment to show up if they would. */
const settled = () => new Promise((r) => setTimeout(r, 100));

describe('item events of /api/files', () => {
  it('emits no event for an upload by an administrator', async () => {
    await upload(admin);
    await settled();
    expect(seen).toEqual([]);
  });

  it('emits no event for an upload by a non-admin with create permission', async () => {
    await upload(editor);
    await settled();
    expect(seen).toEqual([]);
  });

  it('emits no event for GET of the list and of one file', async () => {
    const id = await upload(admin);
    const list = await app.request('/api/files', { token: editor });
    expect(list.status).toBe(200);
    expect(list.body.data.map((f: { id: string }) => f.id)).toContain(id);
    const one = await app.request(`/api/files/${id}`, { token: admin });
    expect(one.status).toBe(200);
    await settled();
    expect(seen).toEqual([]);
  });

  it('still emits the update and delete events, which the row leaves out', async () => {
    const id = await upload(admin);
    const patched = await app.request(`/api/files/${id}`, {
      method: 'PATCH',
      token: admin,
      body: { title: 'Renamed' },
    });
    expect(patched.status).toBe(200);
    const deleted = await app.request(`/api/files/${id}`, { method: 'DELETE', token: admin });
    expect(deleted.status).toBe(204);
    await settled();
    expect(seen).toEqual(
      expect.arrayContaining(['filter:update', 'action:update', 'filter:delete', 'action:delete']),
    );
  });

  // "MCP tools for daas_users, daas_roles, daas_policies, daas_permissions and daas_files
  // emit the standard item events."
  it('emits the item events for a file read and changed through the MCP files tool', async () => {
    const id = await upload(admin);
    const { dispatchApi } = await import('@/lib/http/dispatch');
    const { serveApi } = await import('@/lib/http/node-adapter');
    const server = http.createServer((req, res) => void serveApi(dispatchApi, req, res));
    const base = await listen(server);
    const on = await app.request('/api/settings', {
      method: 'PATCH',
      token: admin,
      body: { mcp_enabled: true },
    });
    expect(on.status).toBe(200);
    const client = new Client({ name: 'test', version: '1.0.0' });
    try {
      await client.connect(
        new StreamableHTTPClientTransport(new URL(`${base}/api/mcp`), {
          requestInit: { headers: { authorization: `Bearer ${admin}` } },
        }),
      );
      seen.length = 0;
      const res = await client.callTool({
        name: 'files',
        arguments: { action: 'update', id, data: { title: 'Over MCP' } },
      });
      expect(res.isError).toBeFalsy();
      await settled();
      expect(seen).toEqual(expect.arrayContaining(['filter:update', 'action:update']));
    } finally {
      await client.close();
      await close(server);
    }
  });

  it('answers 401 to an anonymous upload and emits nothing', async () => {
    const res = await app.request('/api/files', {
      method: 'POST',
      form: formWith({}, { bytes: await pngBytes(2, 2), filename: 'a.png', type: 'image/png' }),
    });
    expect(res.status).toBe(401);
    await settled();
    expect(seen).toEqual([]);
  });
});
