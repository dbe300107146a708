import 'server-only';
import type { RequestContext } from '@/lib/core/context';
import { jsonReply, type RawReply } from '@/lib/http/reply';
import { legacyHealth, serverHealth } from './health';

/** GET /server/health in the "application/health+json" format; 503 when the database is down. */
export async function serverHealthReply(_input: unknown, ctx: RequestContext): Promise<RawReply> {
  const report = await serverHealth(ctx);
  return jsonReply(report.body, {
    status: report.status === 'error' ? 503 : 200,
    headers: { 'cache-control': 'no-store' },
    contentType: 'application/health+json; charset=utf-8',
  });
}

const DEPRECATION_HEADERS = {
  deprecation: 'true',
  link: '</api/server/ping>; rel="successor-version"',
  'cache-control': 'no-store',
};

/** The deprecated `GET /api/health`: tests the database and points at its successor. */
export async function legacyHealthReply(_input: unknown, ctx: RequestContext): Promise<RawReply> {
  return jsonReply(await legacyHealth(ctx, DEPRECATION_HEADERS), { headers: DEPRECATION_HEADERS });
}
