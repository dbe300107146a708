'use client';

import { useState } from 'react';
import { useSave } from '@/components/studio/kit/use-save';
import { useGrantCreateMutation } from '@/lib/client/access/grant-create-mutation';
import { useGrantDeleteMutation } from '@/lib/client/access/grant-delete-mutation';
import { ROOT } from './scope-select';

type Target = { policy: string | null; user: string | null; role: string | null };

/**
 * Adding and removing access records from a grant list: what is picked, at which scope, and
 * the two saves that report how it went. A successful add clears the pick.
 */
export function useGrantActions(messages: { added: string; removed: string }) {
  const create = useSave(useGrantCreateMutation(), { saved: messages.added });
  const remove = useSave(useGrantDeleteMutation(), { saved: messages.removed });
  const [choice, setChoice] = useState('');
  const [scope, setScope] = useState(ROOT);

  function add(target: Target) {
    create.mutate(
      { ...target, scope: scope === ROOT ? null : scope },
      { onSuccess: () => setChoice('') },
    );
  }

  return { choice, setChoice, scope, setScope, add, adding: create.isPending, remove };
}

export type GrantActions = ReturnType<typeof useGrantActions>;
