import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';
import { defineSchema } from './write-fixture';

// The extensions folder must exist before the app starts: startup loads it once.
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'daas-ext-'));
const hooksDir = path.join(root, 'hooks');
fs.mkdirSync(hooksDir);
fs.writeFileSync(
  path.join(hooksDir, 'a-stamp.mjs'),
  `export default (emitter, context) => {
     emitter.onFilter('hx_items.items.create', (payload) => ({ ...payload, note: 'stamped' }));
     emitter.onFilter('hx_items.items.update', (payload) => {
       if (payload.note === 'forbidden') throw new Error('Extension says no');
       return payload;
     });
     if (!context.logger) throw new Error('no logger');
   };`,
);
fs.writeFileSync(path.join(hooksDir, 'b-broken.mjs'), `throw new Error('broken at import');`);
fs.writeFileSync(
  path.join(hooksDir, 'c-no-default.js'),
  `module.exports = { notAFunction: true };`,
);
fs.writeFileSync(
  path.join(hooksDir, 'd-throws.mjs'),
  `export default () => { throw new Error('fails while registering'); };`,
);
fs.writeFileSync(path.join(hooksDir, 'notes.txt'), 'not code');
process.env.EXTENSIONS_PATH = root;

const app = setupTestApp();
let token: string;

beforeAll(async () => {
  token = await app.adminToken();
  await defineSchema({ sql: [`create table hx_items (id serial primary key, note text)`] });
});

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('file-based hook extensions', () => {
  it('loads every working module of EXTENSIONS_PATH/hooks once and skips the failing ones', async () => {
    const { loadExtensions } = await import('@/lib/events/extensions');
    expect(await loadExtensions()).toEqual(['a-stamp.mjs']);
  });

  it('runs an extension filter hook that transforms the payload', async () => {
    const res = await app.request('/api/items/hx_items', {
      method: 'POST',
      token,
      body: { note: 'x' },
    });
    expect(res.status).toBe(201);
    expect(res.body.data.note).toBe('stamped');
  });

  it('turns an error thrown by an extension hook into a 400 with its message', async () => {
    const made = await app.request('/api/items/hx_items', { method: 'POST', token, body: {} });
    const res = await app.request(`/api/items/hx_items/${made.body.data.id}`, {
      method: 'PATCH',
      token,
      body: { note: 'forbidden' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Extension says no', code: 'INVALID_PAYLOAD' });
  });
});
