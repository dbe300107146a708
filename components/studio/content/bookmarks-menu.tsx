'use client';

import { Bookmark, BookmarkPlus, Trash2, Users } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { useErrorMessage } from '@/components/studio/kit/use-error-message';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
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
import { toast } from '@/components/ui/toast';
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
  const errorMessage = useErrorMessage();
  const bookmarks = useBookmarksQuery(collection);
  const save = usePresetSaveMutation(collection);
  const remove = usePresetDeleteMutation(collection);
  const [naming, setNaming] = useState(false);
  const [defaulting, setDefaulting] = useState(false);
  const [name, setName] = useState('');
  const active = bookmarks.data?.find((b) => b.id === activeId);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return;
    save.mutate(
      {
        id: null,
        values: { ...presetFromView(view), collection, bookmark: name.trim(), user: userId },
      },
      {
        onSuccess: (preset) => {
          toast({ title: t('saved', { name: preset.bookmark ?? '' }), variant: 'success' });
          setNaming(false);
          setName('');
          onOpen(preset);
        },
        onError: (err) =>
          toast({ title: t('saveFailed'), description: errorMessage(err), variant: 'error' }),
      },
    );
  };

  const del = (preset: Preset) =>
    remove.mutate(preset.id, {
      onSuccess: () =>
        toast({ title: t('deleted', { name: preset.bookmark ?? '' }), variant: 'success' }),
      onError: (err) =>
        toast({ title: t('deleteFailed'), description: errorMessage(err), variant: 'error' }),
    });

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
      <Dialog open={naming} onOpenChange={setNaming}>
        <DialogContent>
          <form onSubmit={submit} className="flex flex-col gap-4">
            <DialogHeader>
              <DialogTitle>{t('saveTitle')}</DialogTitle>
              <DialogDescription>{t('saveDescription')}</DialogDescription>
            </DialogHeader>
            <Field label={t('name')} required>
              <Input
                value={name}
                onChange={(e) => setName(e.target.value)}
                autoFocus
                maxLength={255}
              />
            </Field>
            <DialogFooter>
              <Button type="button" variant="ghost" onClick={() => setNaming(false)}>
                {t('cancel')}
              </Button>
              <Button type="submit" disabled={!name.trim() || save.isPending}>
                {t('save')}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </>
  );
}
