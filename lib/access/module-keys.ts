import 'server-only';
import type { Accountability } from '@/lib/core/accountability';
import type { Db } from '@/lib/db/client';
import { InvalidPayloadError } from '@/lib/core/errors';
import { onSiblingNotice, tellSiblings } from '@/lib/sibling-bus';
import { onAccessInvalidated } from './policies';

export const MODULE_KEY_PATTERN = /^[a-z][a-z0-9_:./-]*$/;
/** Seeded at bootstrap; the server checks them itself (logs, workflow transitions). */
export const BUILT_IN_MODULE_KEYS = ['system:logs', 'workflow:approve', 'workflow:reject'];

export type ModuleAccess = Record<string, boolean>;

const TTL_MS = 30_000;
let registry: { keys: Set<string>; at: number } | null = null;
const byPolicies = new Map<string, { value: ModuleAccess; at: number }>();

onSiblingNotice('module-keys', () => (registry = null));
onAccessInvalidated(() => byPolicies.clear());

/** Called after every write to daas_module_access_keys. */
export function invalidateModuleKeys(): void {
  registry = null;
  byPolicies.clear();
  tellSiblings('module-keys');
}

/** Every leaf key of the registry (folder nodes have no key and are never toggled). */
export async function leafKeys(db: Db): Promise<Set<string>> {
  if (registry && Date.now() - registry.at < TTL_MS) return registry.keys;
  const rows = await db
    .selectFrom('daas_module_access_keys')
    .select('key')
    .where('key', 'is not', null)
    .execute();
  registry = { keys: new Set(rows.map((r) => r.key!)), at: Date.now() };
  return registry.keys;
}

/**
 * Checks a policy's module_access map before it is written: every entry a boolean, every
 * key an existing leaf of the registry. Returns the map to store.
 */
export async function validateModuleAccess(db: Db, map: unknown): Promise<ModuleAccess> {
  if (typeof map !== 'object' || map === null || Array.isArray(map)) {
    throw new InvalidPayloadError('module_access must be an object of key to boolean');
  }
  const keys = await leafKeys(db);
  const entries = Object.entries(map as Record<string, unknown>);
  const notBoolean = entries.filter(([, v]) => typeof v !== 'boolean').map(([k]) => k);
  if (notBoolean.length) {
    throw new InvalidPayloadError(
      `module_access values must be booleans: ${notBoolean.join(', ')}`,
    );
  }
  const unknown = entries.map(([k]) => k).filter((k) => !keys.has(k));
  if (unknown.length) {
    throw new InvalidPayloadError(`Unknown module access keys: ${unknown.join(', ')}`);
  }
  return Object.fromEntries(entries) as ModuleAccess;
}

/**
 * The module keys a caller holds: the OR-merge of their policies' maps, only keys granted
 * (true) and still registered. An administrator holds every key.
 */
export async function moduleAccessOf(
  db: Db,
  accountability: Pick<Accountability, 'admin' | 'policies'>,
): Promise<ModuleAccess> {
  const keys = await leafKeys(db);
  if (accountability.admin) return Object.fromEntries([...keys].map((k) => [k, true]));
  if (!accountability.policies.length) return {};
  const cacheKey = [...accountability.policies].sort().join(',');
  const hit = byPolicies.get(cacheKey);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.value;
  const rows = await db
    .selectFrom('daas_policies')
    .select('module_access')
    .where('id', 'in', accountability.policies)
    .execute();
  const value: ModuleAccess = {};
  for (const row of rows) {
    for (const [key, granted] of Object.entries(row.module_access ?? {})) {
      if (granted === true && keys.has(key)) value[key] = true;
    }
  }
  byPolicies.set(cacheKey, { value, at: Date.now() });
  return value;
}

export async function hasModuleKey(
  db: Db,
  accountability: Pick<Accountability, 'admin' | 'policies'>,
  key: string,
): Promise<boolean> {
  return (await moduleAccessOf(db, accountability))[key] === true;
}
