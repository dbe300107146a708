import 'server-only';
import { UnauthenticatedError } from '@/lib/http/errors';
import type { ItemsContext } from './context';

export type WriteAction = 'create' | 'update' | 'delete';

/**
 * The one place a write asks whether the caller may do it. Every create, update and
 * delete (nested ones included) calls this before anything is written.
 *
 * For now: any signed-in caller may write user collections; anonymous callers are refused.
 * Permission rules (daas_permissions, item filters, field lists, presets, validation) plug
 * in here and must keep this signature; per-item checks of "the row as it will be" belong
 * here too, which is why the keys are passed.
 */
export async function authorizeWrite(
  ctx: ItemsContext,
  input: { action: WriteAction; collection: string; keys?: unknown[] },
): Promise<void> {
  void input;
  if (!ctx.accountability.user) throw new UnauthenticatedError();
}
