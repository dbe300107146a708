'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { EditDialog } from '@/components/studio/kit/edit-dialog';
import { useSave } from '@/components/studio/kit/use-save';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import type { RoleRow } from '@/lib/client/access/types';
import { useRoleSaveMutation } from '@/lib/client/roles/role-save-mutation';
import { HolderPolicies } from '../grants/holder-policies';
import { subtreeIds } from '../tree';

const TOP = 'top';

/** Create or edit a role: name, description, parent; an existing role also gets its policies. */
export function RoleDialog({
  role,
  parent,
  roles,
  onClose,
}: {
  role?: RoleRow;
  parent: string | null;
  roles: RoleRow[];
  onClose: () => void;
}) {
  const t = useTranslations('Access.roles');
  const save = useSave(useRoleSaveMutation(), { saved: t('saved'), inline: true });
  const [name, setName] = useState(role?.name ?? '');
  const [description, setDescription] = useState(role?.description ?? '');
  const [parentId, setParentId] = useState(role?.parent ?? parent ?? TOP);
  const [nameError, setNameError] = useState<string | undefined>();
  const blocked = role ? subtreeIds(roles, role.id) : new Set<string>();

  function onSubmit() {
    if (!name.trim()) return setNameError(t('nameRequired'));
    setNameError(undefined);
    save.mutate(
      {
        id: role?.id,
        input: {
          name: name.trim(),
          description: description.trim() || null,
          parent: parentId === TOP ? null : parentId,
        },
      },
      {
        onSuccess: () => {
          onClose();
        },
      },
    );
  }

  return (
    <EditDialog
      className="max-h-[90dvh] overflow-y-auto sm:max-w-xl"
      title={role ? t('editTitle', { name: role.name }) : t('createTitle')}
      description={t('dialogDescription')}
      error={save.message}
      saving={save.isPending}
      labels={{ cancel: t('cancel'), save: t('save') }}
      onClose={onClose}
      onSubmit={onSubmit}
      after={
        role && (
          <section className="mt-2 flex flex-col gap-3 border-t pt-4">
            <h3 className="text-sm font-semibold">{t('policies')}</h3>
            <p className="text-sm text-muted-foreground">{t('policiesHint')}</p>
            <HolderPolicies holder={{ role: role.id }} />
          </section>
        )
      }
    >
      <Field label={t('name')} error={nameError} required>
        <Input value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
      </Field>
      <Field label={t('descriptionLabel')}>
        <Textarea value={description} rows={2} onChange={(e) => setDescription(e.target.value)} />
      </Field>
      <Field label={t('parent')} hint={t('parentHint')}>
        {(control) => (
          <Select value={parentId} onValueChange={setParentId}>
            <SelectTrigger {...control}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={TOP}>{t('noParent')}</SelectItem>
              {roles
                .filter((r) => !blocked.has(r.id))
                .map((r) => (
                  <SelectItem key={r.id} value={r.id}>
                    {r.name}
                  </SelectItem>
                ))}
            </SelectContent>
          </Select>
        )}
      </Field>
    </EditDialog>
  );
}
