import 'server-only';
import crypto from 'node:crypto';
import { hashPassword } from '@/lib/core/passwords';
import { config } from '@/lib/core/config';
import type { Db } from '@/lib/db/client';
import { exclusively } from '@/lib/db/exclusive';
import { logger } from '@/lib/core/logger';

const BOOTSTRAP_LOCK = 4_111_720_932;

const BUILT_IN_MODULE_KEYS = [
  { key: 'system:logs', name: 'Runtime logs' },
  { key: 'workflow:approve', name: 'Approve workflow transitions' },
  { key: 'workflow:reject', name: 'Reject workflow transitions' },
];

async function ensurePublicPolicy(db: Db): Promise<void> {
  const existing = await db
    .selectFrom('daas_policies')
    .select('id')
    .where('public', '=', true)
    .executeTakeFirst();
  if (existing) return;
  await db
    .insertInto('daas_policies')
    .values({
      name: 'Public',
      icon: 'public',
      description: 'Applies to unauthenticated requests',
      public: true,
    })
    .execute();
}

async function ensureModuleKeys(db: Db): Promise<void> {
  for (const k of BUILT_IN_MODULE_KEYS) {
    await db
      .insertInto('daas_module_access_keys')
      .values(k)
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
  }
}

async function ensureAdmin(db: Db, inTransaction: boolean): Promise<void> {
  const anyUser = await db.selectFrom('daas_users').select('id').limit(1).executeTakeFirst();
  if (anyUser) return;
  const c = config();
  const email = (c.ADMIN_EMAIL ?? 'admin@example.com').toLowerCase();
  const generated = !c.ADMIN_PASSWORD;
  const password = c.ADMIN_PASSWORD ?? crypto.randomBytes(12).toString('base64url');

  const atomically = async (work: (trx: Db) => Promise<void>) =>
    inTransaction ? work(db) : db.transaction().execute(work);
  await atomically(async (trx) => {
    const role = await trx
      .insertInto('daas_roles')
      .values({
        name: 'Administrator',
        icon: 'verified',
        description: 'Initial administrative role',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const policy = await trx
      .insertInto('daas_policies')
      .values({ name: 'Administrator', icon: 'verified', admin_access: true, app_access: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('daas_access').values({ role: role.id, policy: policy.id }).execute();
    await trx
      .insertInto('daas_users')
      .values({
        email,
        password: await hashPassword(password),
        role: role.id,
        first_name: 'Admin',
        last_name: 'User',
      })
      .execute();
  });
  logger.info({ email }, 'administrator created');
  if (generated) {
    // Printed once, straight to the console, so it is not kept in the log buffer.
    console.log(
      `\n  Administrator created: ${email} / ${password}\n  (set ADMIN_EMAIL and ADMIN_PASSWORD to choose them)\n`,
    );
  }
}

/** First-start data: public policy, built-in module keys, settings row, first administrator. */
export async function bootstrap(db: Db): Promise<void> {
  await exclusively(db, BOOTSTRAP_LOCK, async (conn, inTransaction) => {
    await ensurePublicPolicy(conn);
    await ensureModuleKeys(conn);
    const settings = await conn
      .selectFrom('daas_settings')
      .select('id')
      .limit(1)
      .executeTakeFirst();
    if (!settings) await conn.insertInto('daas_settings').defaultValues().execute();
    await ensureAdmin(conn, inTransaction);
  });
}
