/**
 * Schema snapshots between environments, over the API:
 *   npm run schema -- snapshot > schema.json
 *   npm run schema -- diff schema.json [--mode mirror] [--force]
 *   npm run schema -- apply schema.json [--mode mirror] [--force]
 * Target: --url / DAAS_URL and --token / DAAS_TOKEN (an administrator's token).
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';

const USAGE =
  'usage: schema <snapshot|diff|apply> [file.json] [--url URL] [--token TOKEN] [--mode merge|mirror] [--force] [--include a,b] [--exclude a,b]';

class CliError extends Error {}

async function api(base: string, token: string, path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(new URL(path, base), {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new CliError(`${path}: HTTP ${res.status} ${text}`);
  return text ? (JSON.parse(text) as { data: unknown }).data : null;
}

function changeCount(diff: unknown): number {
  const d = diff as { collections?: unknown[]; fields?: unknown[]; relations?: unknown[] };
  return (d.collections?.length ?? 0) + (d.fields?.length ?? 0) + (d.relations?.length ?? 0);
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      url: { type: 'string' },
      token: { type: 'string' },
      mode: { type: 'string' },
      force: { type: 'boolean' },
      include: { type: 'string' },
      exclude: { type: 'string' },
    },
  });
  const [command, file] = positionals;
  const url = values.url ?? process.env.DAAS_URL;
  const token = values.token ?? process.env.DAAS_TOKEN;
  if (!command || !url || !token)
    throw new CliError(`${USAGE}\n(--url/DAAS_URL and --token/DAAS_TOKEN are required)`);
  const query = new URLSearchParams();

  if (command === 'snapshot') {
    if (values.include) query.set('includeCollections', values.include);
    if (values.exclude) query.set('excludeCollections', values.exclude);
    const snapshot = await api(url, token, `/api/schema/snapshot?${query}`);
    process.stdout.write(`${JSON.stringify(snapshot, null, 2)}\n`);
    return;
  }
  if (command !== 'diff' && command !== 'apply') throw new CliError(USAGE);
  if (!file) throw new CliError(`${command} needs a snapshot file\n${USAGE}`);
  const snapshot = JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
  if (values.mode) query.set('mode', values.mode);
  if (values.force) query.set('force', 'true');
  const diff = await api(url, token, `/api/schema/diff?${query}`, snapshot);
  if (command === 'diff') {
    process.stdout.write(`${JSON.stringify(diff, null, 2)}\n`);
    return;
  }
  const count = changeCount(diff);
  if (!count) {
    process.stderr.write('No changes to apply\n');
    return;
  }
  await api(url, token, '/api/schema/apply', diff);
  process.stderr.write(`Applied ${count} change(s)\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof CliError ? err.message : String(err)}\n`);
  process.exit(1);
});
