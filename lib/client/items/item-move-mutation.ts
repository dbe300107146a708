'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';
import { revisionKeys } from '../revisions/keys';
import type { ItemWorkflow } from '../workflows/types';
import { workflowKeys } from '../workflows/keys';
import { itemKeys } from './keys';
import type { ItemKey } from './types';

export interface MoveItemInput {
  key: ItemKey;
  field: string;
  value: string | number | null;
}

/** No command of the item's workflow takes it to the asked state (or the caller may run none). */
export class NoWorkflowCommandError extends Error {
  constructor(
    readonly from: string | null,
    readonly to: string,
  ) {
    super(`No workflow command moves the item from ${from ?? 'none'} to ${to}`);
    this.name = 'NoWorkflowCommandError';
  }
}

/**
 * Moves one item by one field (a board column, a calendar day). When the field is the state
 * field of one of the item's workflows, the move runs the command that leads there, as the
 * caller may run it (a plain write would skip the workflow, and its server refuses it);
 * otherwise the field is written.
 */
export function useItemMoveMutation(collection: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ key, field, value }: MoveItemInput): Promise<void> => {
      const item = String(key);
      const params = new URLSearchParams({ collection, item });
      const flows = (await apiFetch<{ data: ItemWorkflow[] }>(`/api/workflow/state?${params}`))
        .data;
      const flow = flows.find((w) => w.state_field === field);
      if (flow) {
        const to = String(value);
        const command = flow.commands.find((c) => c.allowed && c.to === to);
        if (!command) throw new NoWorkflowCommandError(flow.state, to);
        await apiFetch('/api/workflow/transition', {
          method: 'POST',
          body: { collection, item, command: command.key },
        });
        return;
      }
      const path = `/api/items/${encodeURIComponent(collection)}/${encodeURIComponent(item)}`;
      await apiFetch(path, { method: 'PATCH', body: { [field]: value } });
    },
    // Either way the item is read again, so it shows where the server says it is.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: itemKeys.all }),
        queryClient.invalidateQueries({ queryKey: revisionKeys.all }),
        queryClient.invalidateQueries({ queryKey: workflowKeys.root }),
      ]),
  });
}
