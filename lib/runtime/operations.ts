import 'server-only';
import type { Accountability } from '@/lib/core/accountability';
import type { Db } from '@/lib/db/client';
import { getSchema } from '@/lib/schema/overview';
import { findExtension, runExtension } from './run';

export interface OperationCall {
  /** The operation extension's id. */
  id: string;
  payload: unknown;
  accountability: Accountability;
  scope: string | null | undefined;
}

/** Runs an enabled `operation` extension in its isolate and returns what it resolves to. */
export async function runOperation(db: Db, call: OperationCall): Promise<unknown> {
  const ext = await findExtension(db, { id: call.id }, 'operation');
  if (!ext) throw new Error('The operation extension is missing or disabled');
  return runExtension({
    ext,
    kind: 'operation',
    args: { payload: call.payload },
    ctx: {
      db,
      schema: await getSchema(db),
      accountability: call.accountability,
      scope: call.scope,
      requestId: `cron-${call.id}`,
    },
  });
}
