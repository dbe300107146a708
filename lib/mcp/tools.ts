import 'server-only';
import { z } from 'zod';
import type { RequestContext } from '@/lib/core/context';
import { ForbiddenError, InvalidPayloadError } from '@/lib/core/errors';
import { fileFields, files, removeFiles } from '@/lib/files/service';
import { itemsFacade, rawQuery } from '@/lib/runtime/items-facade';
import { permissionFields, permissions } from '@/lib/system/permissions';
import { policies, policyFields } from '@/lib/system/policies';
import { roleFields, roles } from '@/lib/system/roles';
import type { SystemService } from '@/lib/system/system-collection';
import { userFields, users } from '@/lib/system/users';

export interface ToolOptions {
  allowDeletes: boolean;
}

export const DELETES_OFF = 'Deletes through MCP are turned off (setting mcp_allow_deletes)';

export const itemsInput = {
  action: z.enum(['read', 'create', 'update', 'delete']),
  collection: z.string().min(1).max(64),
  query: z.record(z.string(), z.unknown()).optional(),
  key: z.union([z.string().max(255), z.number()]).optional(),
  data: z.record(z.string(), z.unknown()).optional(),
};
type ItemsArgs = { [K in keyof typeof itemsInput]: z.infer<(typeof itemsInput)[K]> };

function keyOf(args: { key?: string | number }): string | number {
  if (args.key === undefined) throw new InvalidPayloadError('"key" is required for this action');
  return args.key;
}

/** The `items` tool: the /api/items paths with the caller's permissions and scope. */
export async function itemsTool(args: ItemsArgs, ctx: RequestContext, options: ToolOptions) {
  const items = itemsFacade(args.collection, ctx);
  switch (args.action) {
    case 'read':
      return args.key === undefined
        ? items.readByQuery(args.query)
        : { data: await items.readOne(args.key, args.query) };
    case 'create':
      return { data: await items.createOne(args.data ?? {}) };
    case 'update':
      return { data: await items.updateOne(keyOf(args), args.data ?? {}) };
    case 'delete':
      if (!options.allowDeletes) throw new ForbiddenError(DELETES_OFF);
      return items.deleteOne(keyOf(args));
  }
}

export const systemInput = {
  action: z.enum(['read', 'create', 'update', 'delete']),
  query: z.record(z.string(), z.unknown()).optional(),
  id: z.string().min(1).max(255).optional(),
  data: z.record(z.string(), z.unknown()).optional(),
};
type SystemArgs = { [K in keyof typeof systemInput]: z.infer<(typeof systemInput)[K]> };

/** The system collections as tools, through their services (checks, events, audit). */
export interface SystemTool {
  service: SystemService;
  /** The body schema of the REST endpoint: the same fields may be written, no others. */
  fields: z.ZodType<Record<string, unknown>>;
  /** Files are uploaded over /api/files; here only their metadata. */
  noCreate?: boolean;
  remove?: (ctx: RequestContext, id: string) => Promise<void>;
}

export const SYSTEM_TOOLS: Record<string, SystemTool> = {
  users: { service: users, fields: userFields },
  roles: { service: roles, fields: roleFields },
  policies: { service: policies, fields: policyFields },
  permissions: { service: permissions, fields: permissionFields },
  files: {
    service: files,
    fields: fileFields,
    noCreate: true,
    remove: (ctx, id) => removeFiles(ctx, [id], true),
  },
};

export async function systemTool(
  tool: SystemTool,
  args: SystemArgs,
  ctx: RequestContext,
  options: ToolOptions,
) {
  const service = tool.service;
  const body = () => tool.fields.parse(args.data ?? {});
  const query = rawQuery(args.query);
  const id = () => {
    if (!args.id) throw new InvalidPayloadError('"id" is required for this action');
    return args.id;
  };
  switch (args.action) {
    case 'read':
      return args.id
        ? { data: await service.readOne({ params: { id: args.id }, query }, ctx) }
        : service.list({ query }, ctx);
    case 'create':
      if (tool.noCreate) throw new InvalidPayloadError('Upload files over /api/files');
      return { data: await service.create({ query, body: body() }, ctx) };
    case 'update':
      return { data: await service.update({ params: { id: id() }, query, body: body() }, ctx) };
    case 'delete':
      if (!options.allowDeletes) throw new ForbiddenError(DELETES_OFF);
      if (tool.remove) await tool.remove(ctx, id());
      else await service.remove({ params: { id: id() } }, ctx);
      return { deleted: true, id: args.id };
  }
}
