import 'server-only';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { RequestContext } from '@/lib/core/context';
import { AppError } from '@/lib/core/errors';
import { logger } from '@/lib/core/logger';
import type { SettingsRow } from '@/lib/settings/cache';
import {
  itemsInput,
  itemsTool,
  SYSTEM_TOOLS,
  systemInput,
  systemTool,
  type ToolOptions,
} from './tools';
import { schemaInput, schemaTool } from './schema-tool';

type ToolResult = { content: { type: 'text'; text: string }[]; isError?: boolean };

/**
 * A tool's answer as JSON text; a refusal as an error result with the same message the REST
 * API would give. Anything unexpected is logged and answered with the generic message.
 */
async function answer(work: () => Promise<unknown>, ctx: RequestContext): Promise<ToolResult> {
  try {
    return { content: [{ type: 'text', text: JSON.stringify(await work()) }] };
  } catch (err) {
    let message = 'An unexpected error occurred';
    if (err instanceof AppError) message = err.message;
    else if (err instanceof Error && err.name === 'ZodError') message = 'Invalid payload';
    else {
      logger.error(
        { requestId: ctx.requestId, err: err instanceof Error ? err.message : String(err) },
        'MCP tool failed',
      );
    }
    return { content: [{ type: 'text', text: message }], isError: true };
  }
}

/** One MCP server for one request: every tool runs as this request's caller, at its scope. */
export function buildMcpServer(ctx: RequestContext, settings: SettingsRow): McpServer {
  const instructions =
    settings.mcp_system_prompt_enabled && settings.mcp_system_prompt
      ? settings.mcp_system_prompt
      : undefined;
  const server = new McpServer({ name: 'daas', version: '1.0.0' }, { instructions });
  const options: ToolOptions = { allowDeletes: settings.mcp_allow_deletes };
  server.registerTool(
    'items',
    {
      description:
        'Read, create, update or delete items of a collection. `query` takes the REST query ' +
        'parameters as an object (fields, filter, sort, limit, offset, search, aggregate...).',
      inputSchema: itemsInput,
    },
    (args) => answer(() => itemsTool(args, ctx, options), ctx),
  );
  server.registerTool(
    'schema',
    {
      description:
        'Read collections, fields and relations; administrators may also create, update and ' +
        'delete collections, fields and relations (`data` takes the REST body; deletes need ' +
        'mcp_allow_deletes).',
      inputSchema: schemaInput,
    },
    (args) => answer(() => schemaTool(args, ctx, options), ctx),
  );
  for (const [name, tool] of Object.entries(SYSTEM_TOOLS)) {
    server.registerTool(
      name,
      { description: `Read, create, update or delete ${name}.`, inputSchema: systemInput },
      (args) => answer(() => systemTool(tool, args, ctx, options), ctx),
    );
  }
  return server;
}
