import 'server-only';
import type { BareContext } from '@/lib/core/context';
import { DATABASE_RETRY_AFTER_S } from '@/lib/db/errors';
import { jsonReply, type RawReply } from '@/lib/http/reply';
import { legacyHealth, serverHealth } from './health';

/** GET /server/health in the "application/health+json" format; 503 when the database is down. */
export async function serverHealthReply(_input: unknown, ctx: BareContext): Promise<RawReply> {
  const report = await serverHealth(ctx);
  return jsonReply(report.body, {
    status: report.status === 'error' ? 503 : 200,
    headers: {
      'cache-control': 'no-store',
      ...(report.status === 'error' && { 'retry-after': String(DATABASE_RETRY_AFTER_S) }),
    },
    contentType: 'application/health+json; charset=utf-8',
  });
}

/**
 * The health answer when the database failed before the check ran (resolving the caller
 * needs it): the overall status only, as an anonymous caller gets it.
 */
export function databaseDownHealthReply(): RawReply {
  return jsonReply(
    { status: 'error' },
    {
      status: 503,
      headers: { 'cache-control': 'no-store', 'retry-after': String(DATABASE_RETRY_AFTER_S) },
      contentType: 'application/health+json; charset=utf-8',
    },
  );
}

const DEPRECATION_HEADERS = {
  deprecation: 'true',
  link: '</api/server/ping>; rel="successor-version"',
  'cache-control': 'no-store',
};

/** The deprecated `GET /api/health`: tests the database and points at its successor. */
export async function legacyHealthReply(_input: unknown, ctx: BareContext): Promise<RawReply> {
  return jsonReply(await legacyHealth(ctx, DEPRECATION_HEADERS), { headers: DEPRECATION_HEADERS });
}
