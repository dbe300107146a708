'use client';

import { Folder as FolderIcon, FolderOpen, FolderPlus, Home } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
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
import { useFolderCreateMutation } from '@/lib/client/files/folder-create-mutation';
import { folderTree, type FolderNode } from '@/lib/client/files/folders-query';
import type { Folder } from '@/lib/client/files/types';
import { cn } from '@/lib/cn';
import { useErrorMessage } from '../kit/use-error-message';
import { useSave } from '../kit/use-save';

function Branch({
  nodes,
  current,
  onOpen,
  depth,
}: {
  nodes: FolderNode[];
  current: string | null;
  onOpen: (id: string) => void;
  depth: number;
}) {
  return (
    <ul role={depth ? 'group' : undefined} className="space-y-0.5">
      {nodes.map((node) => {
        const active = node.id === current;
        const Icon = active ? FolderOpen : FolderIcon;
        return (
          <li key={node.id}>
            <button
              type="button"
              onClick={() => onOpen(node.id)}
              aria-current={active ? 'true' : undefined}
              className={cn(
                'flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm outline-none hover:bg-accent/60 focus-visible:ring-2 focus-visible:ring-ring',
                active && 'bg-accent font-medium text-accent-foreground',
              )}
              style={{ paddingLeft: `${0.5 + depth * 0.875}rem` }}
            >
              <Icon aria-hidden className="size-4 shrink-0 text-muted-foreground" />
              <span className="truncate">{node.name}</span>
            </button>
            {node.children.length > 0 && (
              <Branch nodes={node.children} current={current} onOpen={onOpen} depth={depth + 1} />
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** The folder tree: the top level, every folder under it, and a way to add one here. */
export function FolderTree({
  folders,
  current,
  onOpen,
  canCreate,
}: {
  folders: Folder[];
  current: string | null;
  onOpen: (id: string | null) => void;
  canCreate: boolean;
}) {
  const t = useTranslations('Files');
  const errorMessage = useErrorMessage();
  const create = useSave(useFolderCreateMutation(), {
    saved: (_vars, made) => t('folderCreated', { name: made.data.name }),
    inline: true,
  });
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) {
      setError(t('folderNameRequired'));
      return;
    }
    try {
      const made = await create.mutateAsync({ name: name.trim(), parent: current });
      setOpen(false);
      setName('');
      onOpen(made.data.id);
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  return (
    <nav aria-label={t('folders')} className="space-y-2">
      <button
        type="button"
        onClick={() => onOpen(null)}
        aria-current={current === null ? 'true' : undefined}
        className={cn(
          'flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm outline-none hover:bg-accent/60 focus-visible:ring-2 focus-visible:ring-ring',
          current === null && 'bg-accent font-medium text-accent-foreground',
        )}
      >
        <Home aria-hidden className="size-4 text-muted-foreground" />
        {t('allFiles')}
      </button>
      <Branch nodes={folderTree(folders)} current={current} onOpen={onOpen} depth={0} />
      {canCreate && (
        <Button type="button" variant="ghost" size="sm" onClick={() => setOpen(true)}>
          <FolderPlus aria-hidden /> {t('newFolder')}
        </Button>
      )}
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <form onSubmit={submit} className="space-y-4">
            <DialogHeader>
              <DialogTitle>{t('newFolder')}</DialogTitle>
              <DialogDescription>{t('newFolderHint')}</DialogDescription>
            </DialogHeader>
            <Field label={t('folderName')} error={error ?? undefined} required>
              <Input
                value={name}
                autoFocus
                onChange={(e) => {
                  setName(e.target.value);
                  setError(null);
                }}
              />
            </Field>
            <DialogFooter>
              <Button type="submit" disabled={create.isPending}>
                {t('createFolder')}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </nav>
  );
}
