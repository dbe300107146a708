import type { Accountability } from '@/lib/core/accountability';
import { ForbiddenError } from '@/lib/core/errors';
import type { FieldOverview, SchemaOverview } from '@/lib/schema/overview';
import { fieldOf } from '../relations-path';

export interface FilterContext {
  schema: SchemaOverview;
  collection: string;
  /** SQL alias of the collection's table in the outer query. */
  alias: string;
  accountability: Accountability | null;
  /** The instant `$NOW` stands for; defaults to the time of compilation. */
  now?: Date;
  /**
   * The access layer's say on each field a filter (or function, or relational hop) names.
   * When given, a refused field and a missing one give the same 403, so a caller cannot
   * probe for the names of fields it may not read. Without it (admin, internal use), a
   * missing field is a 400 naming it.
   */
  fieldAllowed?: (collection: string, field: string) => boolean;
  /**
   * The rows on which a readable field may be read, when not all the caller sees (several
   * permissions, each granting its own fields on its own rows): a condition on the field
   * holds only there, so a filter cannot test the field's value on other rows.
   */
  fieldFilter?: (collection: string, field: string) => Record<string, unknown> | null;
  /**
   * Extra condition on rows of a related collection reached through the filter (the
   * caller's item permissions there), so a relational filter cannot test hidden rows.
   */
  relatedFilter?: (collection: string) => Record<string, unknown> | null;
}

/** Per-compilation state: fresh subquery aliases and the node budget. */
export interface CompileState {
  next: number;
  nodes: number;
}

export function fieldDenied(
  collection: string,
  field: string,
): InstanceType<typeof ForbiddenError> {
  return new ForbiddenError(
    `You don't have permission to access field "${field}" in collection "${collection}" or it does not exist`,
  );
}

/** A field checked against the schema and, when given, the caller's permissions. */
export function checkedField(
  ctx: Pick<FilterContext, 'schema' | 'fieldAllowed'>,
  collection: string,
  field: string,
): FieldOverview {
  // `fieldAllowed` decides for unknown names too: a restricted caller's policy refuses them
  // (the same 403 as a forbidden field, so names can't be probed), an admin's lets them
  // through to the 400 naming them.
  if (ctx.fieldAllowed && !ctx.fieldAllowed(collection, field)) {
    throw fieldDenied(collection, field);
  }
  return fieldOf(ctx.schema, collection, field);
}
