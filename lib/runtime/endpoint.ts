import 'server-only';
import { z } from 'zod';
import type { RequestContext } from '@/lib/core/context';
import { RouteNotFoundError } from '@/lib/core/errors';
import { findExtension, runExtension, visibleAccountability } from './run';

export interface EndpointRequest {
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  body: unknown;
}

const endpointResult = z.object({
  status: z.number().int().min(100).max(599).default(200),
  headers: z.record(z.string(), z.string()).optional(),
  body: z.unknown().optional(),
});

export type EndpointResult = z.infer<typeof endpointResult>;

/** Headers stored code may not set: cookies and framing belong to the service. */
const RESERVED = /^(set-cookie|content-length|transfer-encoding|connection|x-request-id)$/i;

/**
 * `/api/ext/<name>/*`: the enabled endpoint extension of that name, called with the request
 * and the caller's accountability. An answer not of the shape `{status, headers?, body}`
 * fails the call like a crash does.
 */
export async function callEndpoint(
  name: string,
  request: EndpointRequest,
  ctx: RequestContext,
): Promise<EndpointResult> {
  const ext = await findExtension(ctx.db, { name }, 'endpoint');
  if (!ext) throw new RouteNotFoundError();
  const out = await runExtension({
    ext,
    kind: 'endpoint',
    args: { request: { ...request, accountability: visibleAccountability(ctx.accountability) } },
    ctx,
  });
  const parsed = endpointResult.safeParse(out ?? {});
  if (!parsed.success) throw new Error(`Endpoint extension "${name}" answered an invalid shape`);
  const headers = Object.fromEntries(
    Object.entries(parsed.data.headers ?? {}).filter(([k]) => !RESERVED.test(k)),
  );
  return { ...parsed.data, headers };
}
