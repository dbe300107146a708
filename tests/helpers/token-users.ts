import crypto from 'node:crypto';

export interface TokenUser {
  id: string;
  email: string;
  /** Static token: `Authorization: Bearer <token>`. */
  token: string;
  policy: string;
}

export interface TokenUserOptions {
  admin?: boolean;
  permissions?: {
    collection: string;
    action: 'read' | 'create' | 'update' | 'delete';
    fields?: string[] | null;
  }[];
}

/**
 * Creates an active user with a static token and a policy of its own (admin access and/or
 * the given permission rows), straight in the database of the running test app. Call only
 * after setupTestApp()'s beforeAll has run (inside a test or a later hook).
 */
export async function createTokenUser(options: TokenUserOptions = {}): Promise<TokenUser> {
  const { getDb } = await import('@/lib/db/client');
  const db = getDb();
  const suffix = crypto.randomBytes(6).toString('hex');
  const token = crypto.randomBytes(24).toString('base64url');
  const email = `user-${suffix}@example.com`;
  const policy = await db
    .insertInto('daas_policies')
    .values({ name: `policy-${suffix}`, admin_access: options.admin ?? false, app_access: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  const user = await db
    .insertInto('daas_users')
    .values({ email, token, first_name: 'Test', last_name: suffix })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('daas_access').values({ user: user.id, policy: policy.id }).execute();
  for (const p of options.permissions ?? []) {
    await db
      .insertInto('daas_permissions')
      .values({
        policy: policy.id,
        collection: p.collection,
        action: p.action,
        fields: p.fields === undefined ? JSON.stringify(['*']) : JSON.stringify(p.fields),
      })
      .execute();
  }
  return { id: user.id, email, token, policy: policy.id };
}
