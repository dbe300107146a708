import 'server-only';
import { z } from 'zod';
import type { RequestContext } from '@/lib/core/context';
import { InvalidPayloadError } from '@/lib/core/errors';
import { SystemService, type Item } from '@/lib/system/system-collection';
import { runtimeDb } from './tables';

/** `config` holds the service's settings; values under `secrets` are write-only. */
export const serviceFields = z
  .object({
    name: z
      .string()
      .regex(/^[a-z][a-z0-9-]*$/, 'Lower-case letters, digits and dashes, starting with a letter')
      .max(255),
    extension: z.uuid().nullable(),
    config: z.record(z.string(), z.unknown()).nullable(),
    enabled: z.boolean(),
  })
  .partial()
  .strict();

export const createServicesBody = z.union([serviceFields, z.array(serviceFields).min(1)]);

async function check(after: Item, ctx: RequestContext): Promise<void> {
  if (typeof after.name !== 'string' || !after.name) {
    throw new InvalidPayloadError('Field "name" is required');
  }
  if (after.extension === null || after.extension === undefined) return;
  const row = await runtimeDb(ctx.db)
    .selectFrom('daas_extensions')
    .select('type')
    .where('id', '=', String(after.extension))
    .executeTakeFirst();
  if (row?.type !== 'service') {
    throw new InvalidPayloadError('Field "extension" must name a service extension');
  }
}

/** The daas_services collection, answering with `config.secrets` values masked. */
class ServicesCollection extends SystemService {
  override async list(...args: Parameters<SystemService['list']>) {
    const result = await super.list(...args);
    return { ...result, data: result.data.map(withoutSecrets) };
  }
  override async readOne(...args: Parameters<SystemService['readOne']>) {
    return withoutSecrets(await super.readOne(...args));
  }
  override async create(...args: Parameters<SystemService['create']>) {
    const out = await super.create(...args);
    return Array.isArray(out) ? out.map(withoutSecrets) : withoutSecrets(out);
  }
  override async update(...args: Parameters<SystemService['update']>) {
    const [input, ctx] = args;
    const body = await keepMaskedSecrets(input.params?.id, input.body, ctx);
    return withoutSecrets(await super.update({ ...input, body }, ctx));
  }
}

export const customServices = new ServicesCollection({
  collection: 'daas_services',
  keyType: 'uuid',
  check,
  unique: { daas_services_name_key: 'name' },
});

const MASK = '**********';

/**
 * A config sent back as it was read carries the mask in place of each secret: those keep
 * their stored values, so editing a service never needs its secrets re-entered.
 */
async function keepMaskedSecrets(id: string | undefined, body: Item, ctx: RequestContext) {
  const sent = body.config as { secrets?: Record<string, unknown> } | null | undefined;
  if (!id || !sent?.secrets || typeof sent.secrets !== 'object') return body;
  if (!Object.values(sent.secrets).includes(MASK)) return body;
  const row = await runtimeDb(ctx.db)
    .selectFrom('daas_services')
    .select('config')
    .where('id', '=', /^[0-9a-f-]{36}$/i.test(id) ? id : '00000000-0000-0000-0000-000000000000')
    .executeTakeFirst();
  const raw = typeof row?.config === 'string' ? JSON.parse(row.config) : row?.config;
  const stored = (raw as { secrets?: Record<string, unknown> } | null)?.secrets ?? {};
  const secrets = Object.fromEntries(
    Object.entries(sent.secrets).map(([k, v]) => [k, v === MASK ? stored[k] : v]),
  );
  return { ...body, config: { ...sent, secrets } };
}

/** Hides the values under `config.secrets` in what the API returns. */
export function withoutSecrets<T>(row: T): T {
  if (!row || typeof row !== 'object') return row;
  const config = (row as { config?: unknown }).config;
  if (!config || typeof config !== 'object' || !('secrets' in config)) return row;
  const secrets = (config as { secrets?: unknown }).secrets;
  const masked =
    secrets && typeof secrets === 'object'
      ? Object.fromEntries(Object.keys(secrets).map((k) => [k, MASK]))
      : MASK;
  return { ...row, config: { ...config, secrets: masked } };
}
