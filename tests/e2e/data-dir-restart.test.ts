import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startServer, type FreshDatabase } from '../helpers/server';

// The container keeps the embedded database, uploads and the generated secret in DATA_DIR (a
// volume): a restart on the same folder must find all three.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'daas-volume-'));
const volume: FreshDatabase = {
  env: { DATA_DIR: dir },
  url: null,
  drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
};
// No SECRET: the one generated into the folder on first start must sign tokens after a restart.
const env = { DATABASE_URL: undefined, SECRET: undefined, DAAS_ALLOW_GENERATED_SECRET: '1' };

afterAll(() => volume.drop());

function json(token: string | null, method: string, body?: unknown): RequestInit {
  return {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token && { authorization: `Bearer ${token}` }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  };
}

describe('a restart on the same data folder', () => {
  it('finds its items, its files, its administrator and its signing key again', async () => {
    let server = await startServer({ database: volume, env });
    const login = await fetch(
      `${server.url}/api/auth/login`,
      json(null, 'POST', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    );
    expect(login.status).toBe(200);
    const token = (await login.json()).data.access_token as string;
    const created = await fetch(
      `${server.url}/api/collections`,
      json(token, 'POST', {
        collection: 'kept_notes',
        fields: [
          {
            field: 'id',
            type: 'integer',
            schema: { is_primary_key: true, has_auto_increment: true },
          },
          { field: 'body', type: 'string' },
        ],
      }),
    );
    expect(created.status).toBe(201);
    const item = await fetch(
      `${server.url}/api/items/kept_notes`,
      json(token, 'POST', { body: 'still here' }),
    );
    expect(item.status).toBe(201);
    const form = new FormData();
    form.append('file', new Blob(['kept bytes'], { type: 'text/plain' }), 'kept.txt');
    const upload = await fetch(`${server.url}/api/files`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(upload.status).toBe(201);
    const fileId = (await upload.json()).data.id as string;
    await server.stop();
    expect(fs.existsSync(path.join(dir, 'pglite'))).toBe(true);

    server = await startServer({ database: volume, env });
    try {
      // The token from before the restart: same generated secret, same session row.
      const items = await fetch(`${server.url}/api/items/kept_notes`, json(token, 'GET'));
      expect(items.status).toBe(200);
      expect((await items.json()).data).toEqual([{ id: 1, body: 'still here' }]);
      const asset = await fetch(`${server.url}/api/assets/${fileId}`, json(token, 'GET'));
      expect(asset.status).toBe(200);
      expect(await asset.text()).toBe('kept bytes');
      const again = await fetch(
        `${server.url}/api/auth/login`,
        json(null, 'POST', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
      );
      expect(again.status).toBe(200);
    } finally {
      await server.stop();
    }
  });
});
