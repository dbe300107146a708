'use client';

import { Check, Copy, Info } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState, useSyncExternalStore } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/toast';
import type { Settings } from '@/lib/client/settings/types';
import { FormAlert } from '../kit/form-alert';
import { SettingsForm, SwitchField } from '../kit/form-parts';
import { useSettingsSave } from './use-settings-save';

const PROMPT_MAX = 20_000;

// The address the browser reached the studio at is the one an MCP client should use.
const mcpUrl = () => `${window.location.origin}/api/mcp`;
const noSubscription = () => () => {};

function ConnectionUrl() {
  const t = useTranslations('Settings');
  const url = useSyncExternalStore(noSubscription, mcpUrl, () => '');
  const [copied, setCopied] = useState(false);

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      toast({ title: t('mcp.copied'), variant: 'success' });
      setTimeout(() => setCopied(false), 2000);
    } catch {
      toast({ title: t('mcp.copyFailed'), variant: 'error' });
    }
  }

  return (
    <Field label={t('mcp.url')} hint={t('mcp.urlHint')}>
      {(control) => (
        <div className="flex gap-2">
          <Input {...control} readOnly value={url} className="font-mono text-xs" />
          <Button type="button" variant="outline" onClick={copy} aria-label={t('mcp.copy')}>
            {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
            <span className="hidden sm:inline">{t('mcp.copy')}</span>
          </Button>
        </div>
      )}
    </Field>
  );
}

export function McpForm({ settings }: { settings: Settings }) {
  const t = useTranslations('Settings');
  const [enabled, setEnabled] = useState(settings.mcp_enabled);
  const [allowDeletes, setAllowDeletes] = useState(settings.mcp_allow_deletes);
  const [prompt, setPrompt] = useState(settings.mcp_system_prompt ?? '');
  const [promptEnabled, setPromptEnabled] = useState(settings.mcp_system_prompt_enabled);
  const { save, errors, saving } = useSettingsSave();

  function submit() {
    save(
      {
        mcp_enabled: enabled,
        mcp_allow_deletes: allowDeletes,
        mcp_system_prompt_enabled: promptEnabled,
        mcp_system_prompt: prompt.trim() ? prompt : null,
      },
      {
        mcp_system_prompt:
          prompt.length > PROMPT_MAX ? t('errors.tooLong', { max: PROMPT_MAX }) : undefined,
      },
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <div className="max-w-2xl">
        <FormAlert tone="info" icon={Info}>
          {t('mcp.howTo')}
        </FormAlert>
      </div>
      <SettingsForm
        title={t('mcp.title')}
        description={t('mcp.description')}
        saving={saving}
        onSubmit={submit}
      >
        <SwitchField
          label={t('mcp.enabled')}
          hint={t('mcp.enabledHint')}
          checked={enabled}
          onChange={setEnabled}
        />
        <SwitchField
          label={t('mcp.allowDeletes')}
          hint={t('mcp.allowDeletesHint')}
          checked={allowDeletes}
          onChange={setAllowDeletes}
        />
        <SwitchField
          label={t('mcp.systemPromptEnabled')}
          hint={t('mcp.systemPromptEnabledHint')}
          checked={promptEnabled}
          onChange={setPromptEnabled}
        />
        <Field
          label={t('mcp.systemPrompt')}
          hint={t('mcp.systemPromptHint')}
          error={errors.mcp_system_prompt}
        >
          <Textarea value={prompt} onChange={(e) => setPrompt(e.target.value)} rows={6} />
        </Field>
        <ConnectionUrl />
      </SettingsForm>
    </div>
  );
}
