'use client';

import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { FormAlert } from '@/components/studio/kit/form-alert';
import { useSave } from '@/components/studio/kit/use-save';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
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

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (edit.scope) {
      return rename.mutate({ id: edit.scope.id, name: name.trim() || null }, { onSuccess: done });
    }
    if (!SEGMENT.test(segment)) return setSegmentError(t('segmentInvalid'));
    setSegmentError(undefined);
    create.mutate({ uri: `${prefix}${segment}`, name: name.trim() || null }, { onSuccess: done });
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>
              {edit.scope
                ? t('renameTitle', { uri: edit.scope.uri })
                : edit.parent
                  ? t('createUnder', { uri: edit.parent.uri })
                  : t('createTitle')}
            </DialogTitle>
            <DialogDescription>{edit.scope ? t('renameBody') : t('createBody')}</DialogDescription>
          </DialogHeader>
          {error && <FormAlert>{error}</FormAlert>}
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
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" disabled={pending}>
              {pending && <Spinner />}
              {t('save')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
