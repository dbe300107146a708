'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { EditDialog } from '@/components/studio/kit/edit-dialog';
import { useSave } from '@/components/studio/kit/use-save';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import type { ScopeItem } from '@/lib/client/access/types';
import { useScopeCreateMutation } from '@/lib/client/scope/scope-create-mutation';
import { useScopeRenameMutation } from '@/lib/client/scope/scope-rename-mutation';

/** Renaming an existing scope, or creating one at the top or under a parent. */
export type ScopeEdit = { scope?: ScopeItem; parent?: ScopeItem };

// The API's rule for one URI segment (lower case, digits, ".", "_", "-").
const SEGMENT = /^[a-z0-9][a-z0-9._-]*$/;

export function ScopeDialog({ edit, onClose }: { edit: ScopeEdit; onClose: () => void }) {
  const t = useTranslations('Access.scopes');
  const create = useSave(useScopeCreateMutation(), { saved: t('saved'), inline: true });
  const rename = useSave(useScopeRenameMutation(), { saved: t('saved'), inline: true });
  const [name, setName] = useState(edit.scope?.name ?? '');
  const [segment, setSegment] = useState('');
  const [segmentError, setSegmentError] = useState<string | undefined>();
  const prefix = edit.parent ? `${edit.parent.uri}/` : '/';
  const pending = create.isPending || rename.isPending;
  const error = create.message ?? rename.message;
  const done = onClose;

  function onSubmit() {
    if (edit.scope) {
      return rename.mutate({ id: edit.scope.id, name: name.trim() || null }, { onSuccess: done });
    }
    if (!SEGMENT.test(segment)) return setSegmentError(t('segmentInvalid'));
    setSegmentError(undefined);
    create.mutate({ uri: `${prefix}${segment}`, name: name.trim() || null }, { onSuccess: done });
  }

  return (
    <EditDialog
      className="sm:max-w-lg"
      title={
        edit.scope
          ? t('renameTitle', { uri: edit.scope.uri })
          : edit.parent
            ? t('createUnder', { uri: edit.parent.uri })
            : t('createTitle')
      }
      description={edit.scope ? t('renameBody') : t('createBody')}
      error={error}
      saving={pending}
      labels={{ cancel: t('cancel'), save: t('save') }}
      onClose={onClose}
      onSubmit={onSubmit}
    >
      {!edit.scope && (
        <Field
          label={t('segment')}
          hint={t('segmentHint', { uri: `${prefix}${segment || '…'}` })}
          error={segmentError}
          required
        >
          <Input
            value={segment}
            autoCapitalize="none"
            spellCheck={false}
            className="font-mono"
            onChange={(e) => setSegment(e.target.value.toLowerCase())}
          />
        </Field>
      )}
      <Field label={t('name')}>
        <Input value={name} maxLength={255} onChange={(e) => setName(e.target.value)} />
      </Field>
    </EditDialog>
  );
}
