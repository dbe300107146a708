'use client';

import { GitCompare, Plus, Upload } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { EditDialog } from '@/components/studio/kit/edit-dialog';
import { useSave } from '@/components/studio/kit/use-save';
import { Badge } from '@/components/ui/badge';
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
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { useVersionCompareQuery } from '@/lib/client/versions/version-compare-query';
import { useVersionCreateMutation } from '@/lib/client/versions/version-create-mutation';
import { useVersionPromoteMutation } from '@/lib/client/versions/version-promote-mutation';
import { useItemVersionsQuery } from '@/lib/client/versions/versions-query';
import type { ContentVersion } from '@/lib/client/versions/types';

const MAIN = '__main__';

export interface VersionSwitcherProps {
  collection: string;
  item: string;
  /** The version being edited (null: the main item). */
  value: ContentVersion | null;
  onChange: (version: ContentVersion | null) => void;
  scope?: string | null;
}

/**
 * The item editor's version bar: pick the main item or a draft version, create a version,
 * compare the draft side by side with the main item and promote it. While a version is
 * chosen the editor reads the item with `?version=<key>` and saves with useVersionSaveMutation.
 */
export function VersionSwitcher({
  collection,
  item,
  value,
  onChange,
  scope,
}: VersionSwitcherProps) {
  const t = useTranslations('Versions');
  const versions = useItemVersionsQuery(collection, item, scope);
  const [creating, setCreating] = useState(false);
  const [comparing, setComparing] = useState(false);
  const list = versions.data ?? [];
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Select
        value={value?.id ?? MAIN}
        onValueChange={(id) => onChange(list.find((v) => v.id === id) ?? null)}
      >
        <SelectTrigger className="w-56" aria-label={t('switcherLabel')}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={MAIN}>{t('main')}</SelectItem>
          {list.map((v) => (
            <SelectItem key={v.id} value={v.id}>
              {v.name || v.key}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <Button variant="outline" size="sm" onClick={() => setCreating(true)}>
        <Plus aria-hidden /> {t('create')}
      </Button>
      {value && (
        <Button variant="outline" size="sm" onClick={() => setComparing(true)}>
          <GitCompare aria-hidden /> {t('compare')}
        </Button>
      )}
      <CreateVersionDialog
        open={creating}
        onOpenChange={setCreating}
        collection={collection}
        item={item}
        onCreated={(v) => onChange(v)}
      />
      {value && (
        <CompareDialog
          open={comparing}
          onOpenChange={setComparing}
          version={value}
          scope={scope}
          onPromoted={() => onChange(null)}
        />
      )}
    </div>
  );
}

function CreateVersionDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  collection: string;
  item: string;
  onCreated: (v: ContentVersion) => void;
}) {
  const t = useTranslations('Versions');
  const shared = useTranslations('Shared');
  const create = useSave(useVersionCreateMutation(props.collection, props.item), {
    saved: t('created'),
    failed: t('createFailed'),
    inline: true,
  });
  const [name, setName] = useState('');
  const key =
    name
      .toLowerCase()
      .replace(/[^a-z0-9_-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 64) || 'draft';
  const close = () => {
    create.reset();
    props.onOpenChange(false);
  };
  return (
    <EditDialog
      open={props.open}
      className="sm:max-w-lg"
      title={t('createTitle')}
      description={t('createDescription')}
      error={create.message}
      saving={create.isPending}
      labels={{ cancel: shared('cancel'), save: t('create') }}
      onClose={close}
      onSubmit={() =>
        create.mutate(
          { key, name: name.trim() || null },
          {
            onSuccess: (v) => {
              props.onCreated(v);
              props.onOpenChange(false);
              setName('');
            },
          },
        )
      }
    >
      <Field label={t('name')} hint={t('keyHint', { key })}>
        <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={255} />
      </Field>
    </EditDialog>
  );
}

function show(value: unknown): string {
  if (value === null || value === undefined) return '—';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function CompareDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  version: ContentVersion;
  scope?: string | null;
  onPromoted: () => void;
}) {
  const t = useTranslations('Versions');
  const compare = useVersionCompareQuery(props.open ? props.version.id : null, props.scope);
  const promote = useSave(useVersionPromoteMutation(), {
    saved: t('promoted'),
    failed: t('promoteFailed'),
  });
  const data = compare.data;
  const fields = data ? Object.keys(data.current) : [];
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>
            {t('compareTitle', { name: props.version.name || props.version.key })}
          </DialogTitle>
          <DialogDescription>{t('compareDescription')}</DialogDescription>
        </DialogHeader>
        {data?.outdated && <Badge variant="outline">{t('outdated')}</Badge>}
        {data && !fields.length && (
          <p className="text-sm text-muted-foreground">{t('noChanges')}</p>
        )}
        {data && fields.length > 0 && (
          <table className="w-full text-sm">
            <thead>
              <tr className="text-left">
                <th className="py-1 pr-2">{t('field')}</th>
                <th className="py-1 pr-2">{t('main')}</th>
                <th className="py-1">{t('version')}</th>
              </tr>
            </thead>
            <tbody>
              {fields.map((f) => (
                <tr key={f} className="border-t align-top">
                  <th scope="row" className="py-1 pr-2 font-medium">
                    {f}
                  </th>
                  <td className="py-1 pr-2 break-all">{show(data.main[f])}</td>
                  <td className="py-1 break-all">{show(data.current[f])}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <DialogFooter>
          <Button
            disabled={!data || !fields.length || promote.isPending}
            onClick={() =>
              data &&
              promote.mutate(
                { id: props.version.id, mainHash: data.mainHash },
                {
                  onSuccess: () => {
                    props.onOpenChange(false);
                    props.onPromoted();
                  },
                },
              )
            }
          >
            <Upload aria-hidden /> {t('promote')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
