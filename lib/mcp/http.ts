import 'server-only';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { RequestContext } from '@/lib/core/context';
import { ForbiddenError } from '@/lib/core/errors';
import type { ApiRequest } from '@/lib/http/api-request';
import { readJsonBody } from '@/lib/http/input';
import { loadSettings } from '@/lib/settings/cache';
import { buildMcpServer } from './server';

const FORWARDED = ['accept', 'content-type', 'mcp-protocol-version', 'mcp-session-id'];

/**
 * `/api/mcp`: Streamable HTTP, stateless (a server and transport per request, JSON answers),
 * so any instance can serve any call. 403 while `mcp_enabled` is off.
 */
export async function mcpReply(input: { request: ApiRequest }, ctx: RequestContext) {
  const settings = await loadSettings(ctx.db);
  if (!settings.mcp_enabled) throw new ForbiddenError('MCP is disabled');
  const { request } = input;
  const headers = new Headers();
  for (const name of FORWARDED) {
    const value = request.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  const post = request.method === 'POST';
  const parsedBody = post ? await readJsonBody(request) : undefined;
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  const server = buildMcpServer(ctx, settings);
  await server.connect(transport);
  try {
    return await transport.handleRequest(
      new Request(request.url, {
        method: request.method,
        headers,
        body: post ? JSON.stringify(parsedBody) : undefined,
      }),
      { parsedBody },
    );
  } finally {
    await server.close();
  }
}
