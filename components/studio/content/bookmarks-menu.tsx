'use client';

import { Bookmark, BookmarkPlus, Trash2, Users } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { EditDialog } from '@/components/studio/kit/edit-dialog';
import { useSave } from '@/components/studio/kit/use-save';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useBookmarksQuery } from '@/lib/client/presets/bookmarks-query';
import { usePresetDeleteMutation } from '@/lib/client/presets/preset-delete-mutation';
import { usePresetSaveMutation } from '@/lib/client/presets/preset-save-mutation';
import type { Preset } from '@/lib/client/presets/types';
import { DefaultViewDialog } from './default-view-dialog';
import { presetFromView, type BrowserView } from './use-browser-view';

/** Saved views of the collection: open one, save the current view as a new one, delete. */
export function BookmarksMenu({
  collection,
  view,
  userId,
  admin = false,
  activeId,
  onOpen,
}: {
  collection: string;
  view: BrowserView;
  userId: string | null;
  /** Administrators may set the view as a role's or everyone's default. */
  admin?: boolean;
  activeId: number | null;
  onOpen: (preset: Preset) => void;
}) {
  const t = useTranslations('Presets');
  const bookmarks = useBookmarksQuery(collection);
  const save = useSave(usePresetSaveMutation(collection), {
    saved: (_, preset) => t('saved', { name: preset.bookmark ?? '' }),
    failed: t('saveFailed'),
    inline: true,
  });
  const remove = useSave(usePresetDeleteMutation(collection), {
    saved: (preset) => t('deleted', { name: preset.bookmark ?? '' }),
    failed: t('deleteFailed'),
  });
  const [naming, setNaming] = useState(false);
  const [defaulting, setDefaulting] = useState(false);
  const [name, setName] = useState('');
  const active = bookmarks.data?.find((b) => b.id === activeId);

  const close = () => {
    save.reset();
    setNaming(false);
  };

  const submit = () => {
    if (!name.trim()) return;
    save.mutate(
      {
        id: null,
        values: { ...presetFromView(view), collection, bookmark: name.trim(), user: userId },
      },
      {
        onSuccess: (preset) => {
          setNaming(false);
          setName('');
          onOpen(preset);
        },
      },
    );
  };

  const del = (preset: Preset) => remove.mutate(preset);

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" size="sm">
            <Bookmark aria-hidden />
            <span className="max-w-32 truncate">{active?.bookmark ?? t('bookmarks')}</span>
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-64">
          <DropdownMenuLabel>{t('bookmarks')}</DropdownMenuLabel>
          {bookmarks.isLoading && (
            <p className="px-2 py-1.5 text-sm text-muted-foreground">{t('loading')}</p>
          )}
          {bookmarks.data?.length === 0 && (
            <p className="px-2 py-1.5 text-sm text-muted-foreground">{t('none')}</p>
          )}
          {bookmarks.data?.map((b) => (
            <DropdownMenuItem
              key={b.id}
              onSelect={() => onOpen(b)}
              className="justify-between gap-2"
            >
              <span className="truncate">{b.bookmark}</span>
              <span className="text-xs text-muted-foreground">
                {b.user ? t('personal') : b.role ? t('role') : t('global')}
              </span>
            </DropdownMenuItem>
          ))}
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => setNaming(true)}>
            <BookmarkPlus aria-hidden />
            {t('saveCurrent')}
          </DropdownMenuItem>
          {admin && (
            <DropdownMenuItem onSelect={() => setDefaulting(true)}>
              <Users aria-hidden />
              {t('saveDefault')}
            </DropdownMenuItem>
          )}
          {active && (active.user === userId || userId === null) && (
            <DropdownMenuItem onSelect={() => del(active)}>
              <Trash2 aria-hidden />
              {t('deleteActive', { name: active.bookmark ?? '' })}
            </DropdownMenuItem>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      {defaulting && (
        <DefaultViewDialog open onOpenChange={setDefaulting} collection={collection} view={view} />
      )}
      <EditDialog
        open={naming}
        title={t('saveTitle')}
        description={t('saveDescription')}
        error={save.message}
        saving={save.isPending}
        canSave={Boolean(name.trim())}
        labels={{ cancel: t('cancel'), save: t('save') }}
        onClose={close}
        onSubmit={submit}
      >
        <Field label={t('name')} required>
          <Input value={name} onChange={(e) => setName(e.target.value)} autoFocus maxLength={255} />
        </Field>
      </EditDialog>
    </>
  );
}
