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
import { useModuleKeySaveMutation } from '@/lib/client/access/module-key-save-mutation';
import type { ModuleKeyNode } from '@/lib/client/access/types';
import { subtreeIds } from '../tree';

export type ModuleKeyEdit = { node?: ModuleKeyNode; parent?: string; folder: boolean };

const TOP = 'top';
// The API's key rule.
const KEY = /^[a-z][a-z0-9_:./-]*$/;

/** Create or edit a key or folder: name, key (keys only) and the folder it sits in (move). */
export function ModuleKeyDialog({
  edit,
  nodes,
  onClose,
}: {
  edit: ModuleKeyEdit;
  nodes: ModuleKeyNode[];
  onClose: () => void;
}) {
  const t = useTranslations('Access.moduleKeys');
  const save = useSave(useModuleKeySaveMutation(), { saved: t('saved'), inline: true });
  const [name, setName] = useState(edit.node?.name ?? '');
  const [key, setKey] = useState(edit.node?.key ?? '');
  const [parent, setParent] = useState(edit.node?.parent ?? edit.parent ?? TOP);
  const [errors, setErrors] = useState<{ name?: string; key?: string }>({});
  const blocked = edit.node ? subtreeIds(nodes, edit.node.id) : new Set<string>();
  const folders = nodes.filter((n) => n.key === null && !blocked.has(n.id));

  function onSubmit() {
    const found = {
      name: name.trim() ? undefined : t('nameRequired'),
      key: edit.folder || KEY.test(key) ? undefined : t('keyInvalid'),
    };
    setErrors(found);
    if (found.name || found.key) return;
    save.mutate(
      {
        id: edit.node?.id,
        input: {
          name: name.trim(),
          parent: parent === TOP ? null : parent,
          ...(edit.folder ? (edit.node ? {} : { key: null }) : { key }),
        },
      },
      {
        onSuccess: () => {
          onClose();
        },
      },
    );
  }

  const title = edit.node
    ? t('editTitle', { name: edit.node.name })
    : edit.folder
      ? t('createFolder')
      : t('createKey');

  return (
    <EditDialog
      className="sm:max-w-lg"
      title={title}
      description={edit.folder ? t('folderBody') : t('keyBody')}
      error={save.message}
      saving={save.isPending}
      labels={{ cancel: t('cancel'), save: t('save') }}
      onClose={onClose}
      onSubmit={onSubmit}
    >
      <Field label={t('name')} error={errors.name} required>
        <Input value={name} maxLength={255} onChange={(e) => setName(e.target.value)} />
      </Field>
      {!edit.folder && (
        <Field label={t('key')} hint={t('keyHint')} error={errors.key} required>
          <Input
            value={key}
            className="font-mono"
            spellCheck={false}
            autoCapitalize="none"
            onChange={(e) => setKey(e.target.value)}
          />
        </Field>
      )}
      <Field label={t('folder')}>
        {(control) => (
          <Select value={parent} onValueChange={setParent}>
            <SelectTrigger {...control}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={TOP}>{t('topLevel')}</SelectItem>
              {folders.map((f) => (
                <SelectItem key={f.id} value={f.id}>
                  {f.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </Field>
    </EditDialog>
  );
}
