import { preflight } from '@/lib/http/cors';
import { route } from '@/lib/http/route';
import { mcpReply } from '@/lib/mcp/http';

const spec = {
  access: 'user',
  queryToken: true,
  summary: 'Model Context Protocol server (Streamable HTTP, JSON-RPC 2.0)',
  tags: ['MCP'],
} as const;

export const POST = route(spec, mcpReply);
export const GET = route(spec, mcpReply);
export const DELETE = route(spec, mcpReply);
export const OPTIONS = preflight;
