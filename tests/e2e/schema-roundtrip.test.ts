import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  ROOT,
  startServer,
  type StartedServer,
} from '../helpers/server';
import { buildRichSchema, withoutTimestamp } from '../fixtures/snapshot-schema';

const run = promisify(execFile);

async function login(server: StartedServer): Promise<string> {
  const res = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
  });
  return ((await res.json()) as { data: { access_token: string } }).data.access_token;
}

/** The schema command as an operator runs it. */
function schemaCommand(args: string[], env: Record<string, string>) {
  return run(
    process.execPath,
    [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'scripts/schema.ts', ...args],
    {
      cwd: ROOT,
      env: { ...process.env, ...env },
      maxBuffer: 32 * 1024 * 1024,
    },
  );
}

// Two server processes with a database each: the embedded database is one directory per process.
describe.runIf(process.env.DATABASE_URL)('schema snapshot moved between two environments', () => {
  let source: StartedServer;
  let target: StartedServer;
  let sourceToken: string;
  let targetToken: string;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'daas-schema-'));

  beforeAll(async () => {
    [source, target] = await Promise.all([startServer(), startServer()]);
    [sourceToken, targetToken] = await Promise.all([login(source), login(target)]);
  });

  afterAll(async () => {
    await Promise.all([source?.stop(), target?.stop()]);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('applies a snapshot of one database to an empty one, which then snapshots the same', async () => {
    await buildRichSchema(async (method, url, body) => {
      const res = await fetch(`${source.url}${url}`, {
        method,
        headers: { authorization: `Bearer ${sourceToken}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
      return res.json();
    });
    const file = path.join(dir, 'schema.json');
    const snap = await schemaCommand(['snapshot'], {
      DAAS_URL: source.url,
      DAAS_TOKEN: sourceToken,
    });
    fs.writeFileSync(file, snap.stdout);

    await schemaCommand(['apply', file, '--url', target.url, '--token', targetToken], {});

    const again = await schemaCommand(['diff', file], {
      DAAS_URL: target.url,
      DAAS_TOKEN: targetToken,
    });
    const diff = JSON.parse(again.stdout);
    expect([diff.collections, diff.fields, diff.relations]).toEqual([[], [], []]);

    const res = await fetch(`${target.url}/api/schema/snapshot`, {
      headers: { authorization: `Bearer ${targetToken}` },
    });
    const copied = ((await res.json()) as { data: Record<string, unknown> }).data;
    expect(withoutTimestamp(copied)).toEqual(withoutTimestamp(JSON.parse(snap.stdout)));
  });

  it('exits non-zero when the target refuses the token', async () => {
    await expect(
      schemaCommand(['snapshot'], { DAAS_URL: target.url, DAAS_TOKEN: 'not-a-token' }),
    ).rejects.toMatchObject({ code: 1 });
  });
});
