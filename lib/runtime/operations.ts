import 'server-only';
import type { Accountability } from '@/lib/core/accountability';
import type { Db } from '@/lib/db/client';

export interface OperationCall {
  /** The operation extension's id. */
  id: string;
  payload: unknown;
  accountability: Accountability;
  scope: string | null | undefined;
}

/** Runs an `operation` extension in its isolate and returns what it resolves to. */
export async function runOperation(_db: Db, _call: OperationCall): Promise<unknown> {
  throw new Error('Runtime extensions are not available');
}
