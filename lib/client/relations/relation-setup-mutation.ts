'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateSchema } from '../collections/schema-mutation';
import { apiFetch } from '../fetcher';
import type { SetupStep } from './types';

/** Which step a setup stopped at, and why; the earlier steps stay done. */
export class SetupStepError extends Error {
  readonly index: number;
  readonly cause: unknown;

  constructor(index: number, cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'SetupStepError';
    this.index = index;
    this.cause = cause;
  }
}

export async function runSetup(
  steps: readonly SetupStep[],
  onStep: (index: number) => void,
): Promise<void> {
  for (const [index, step] of steps.entries()) {
    onStep(index);
    try {
      await apiFetch(step.path, { method: step.method, body: step.body });
    } catch (err) {
      throw new SetupStepError(index, err);
    }
  }
  onStep(steps.length);
}

/** Runs a relation plan in order; `onStep` reports the step being worked on (length = done). */
export function useRelationSetupMutation(onStep: (index: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ steps }: { steps: SetupStep[]; name: string }) => runSetup(steps, onStep),
    // Partial work is real schema: refresh even after a failure.
    onSettled: () => invalidateSchema(queryClient),
  });
}
