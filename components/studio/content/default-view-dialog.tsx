'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { EditDialog } from '@/components/studio/kit/edit-dialog';
import { useSave } from '@/components/studio/kit/use-save';
import { Field } from '@/components/ui/field';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { useDefaultPresetsQuery } from '@/lib/client/presets/default-presets-query';
import { usePresetSaveMutation } from '@/lib/client/presets/preset-save-mutation';
import { useRolesQuery } from '@/lib/client/roles/roles-query';
import { presetFromView, type BrowserView } from './use-browser-view';

const EVERYONE = '__everyone__';

/**
 * For administrators: the current view becomes the collection's default for a role or for
 * everyone — what people see when they open the collection without a view of their own.
 */
export function DefaultViewDialog({
  open,
  onOpenChange,
  collection,
  view,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  collection: string;
  view: BrowserView;
}) {
  const t = useTranslations('Presets');
  const roles = useRolesQuery();
  const defaults = useDefaultPresetsQuery(collection, open);
  const [target, setTarget] = useState(EVERYONE);
  const whoOf = (role: string | null) =>
    role === null ? t('everyone') : (roles.data?.find((r) => r.id === role)?.name ?? role);
  const save = useSave(usePresetSaveMutation(collection), {
    saved: (vars) => t('defaultSaved', { who: whoOf(vars.values.role ?? null) }),
    failed: t('saveFailed'),
    inline: true,
  });

  const submit = () => {
    const role = target === EVERYONE ? null : target;
    const existing = defaults.data?.find((p) => p.role === role);
    save.mutate(
      {
        id: existing?.id ?? null,
        values: { ...presetFromView(view), collection, user: null, role, bookmark: null },
      },
      { onSuccess: () => onOpenChange(false) },
    );
  };

  return (
    <EditDialog
      open={open}
      className="sm:max-w-lg"
      title={t('defaultTitle')}
      description={t('defaultDescription')}
      error={save.message}
      saving={save.isPending}
      canSave={!defaults.isPending}
      labels={{ cancel: t('cancel'), save: t('defaultSave') }}
      onClose={() => onOpenChange(false)}
      onSubmit={submit}
    >
      <Field label={t('defaultFor')}>
        {(control) => (
          <Select value={target} onValueChange={setTarget}>
            <SelectTrigger {...control}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={EVERYONE}>{t('everyone')}</SelectItem>
              {roles.data?.map((r) => (
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
