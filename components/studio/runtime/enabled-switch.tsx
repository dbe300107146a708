'use client';

import { useTranslations } from 'next-intl';
import { Switch } from '@/components/ui/switch';
import { useRuntimeToggleMutation } from '@/lib/client/runtime/runtime-toggle-mutation';
import type { RuntimeResource } from '@/lib/client/runtime/types';
import { useSave } from '../kit/use-save';

/** A row's on/off switch, saved at once; the list refreshes with the server's answer. */
export function EnabledSwitch({
  resource,
  id,
  name,
  enabled,
}: {
  resource: RuntimeResource;
  id: string;
  name: string;
  enabled: boolean;
}) {
  const t = useTranslations('Runtime');
  const toggle = useSave(useRuntimeToggleMutation(resource), {
    saved: (vars) => t(vars.enabled ? 'switchedOn' : 'switchedOff', { name }),
  });
  const shown = toggle.isPending && toggle.variables ? toggle.variables.enabled : enabled;
  return (
    <div className="flex items-center gap-2">
      <Switch
        checked={shown}
        aria-label={t('enabledFor', { name })}
        aria-busy={toggle.isPending || undefined}
        onCheckedChange={(next) => {
          if (toggle.isPending) return;
          toggle.mutate({ id, enabled: next });
        }}
      />
      <span className="text-xs text-muted-foreground" aria-hidden>
        {shown ? t('on') : t('off')}
      </span>
    </div>
  );
}
