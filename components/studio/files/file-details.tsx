'use client';

import { Download, Trash2 } from 'lucide-react';
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
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useFilesDeleteMutation } from '@/lib/client/files/files-delete-mutation';
import { useFileUpdateMutation } from '@/lib/client/files/file-update-mutation';
import { assetUrl, isImage } from '@/lib/client/files/files-query';
import type { FileItem, Folder } from '@/lib/client/files/types';
import { ConfirmDialog } from '../kit/confirm-dialog';
import { useErrorMessage } from '../kit/use-error-message';
import { useSave } from '../kit/use-save';
import { useFileSize } from './file-views';

const TOP = '__top__';

/** One file: its preview and facts, its metadata to edit, a move, a download and a delete. */
export function FileDetails({
  file,
  folders,
  canEdit,
  canDelete,
  onClose,
}: {
  file: FileItem;
  folders: Folder[];
  canEdit: boolean;
  canDelete: boolean;
  onClose: () => void;
}) {
  const t = useTranslations('Files');
  const size = useFileSize();
  const errorMessage = useErrorMessage();
  const update = useSave(useFileUpdateMutation(), { saved: t('saved'), inline: true });
  const remove = useSave(useFilesDeleteMutation(), { saved: t('deleted'), inline: true });
  const [title, setTitle] = useState(file.title ?? '');
  const [description, setDescription] = useState(file.description ?? '');
  const [name, setName] = useState(file.filename_download);
  const [folder, setFolder] = useState(file.folder ?? TOP);
  const [error, setError] = useState<string | null>(null);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) {
      setError(t('filenameRequired'));
      return;
    }
    try {
      await update.mutateAsync({
        id: file.id,
        change: {
          title: title.trim() || null,
          description: description.trim() || null,
          filename_download: name.trim(),
          folder: folder === TOP ? null : folder,
        },
      });
      onClose();
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{file.title || file.filename_download}</DialogTitle>
          <DialogDescription>
            {[file.type, size(file.filesize), file.width && `${file.width} × ${file.height}`]
              .filter(Boolean)
              .join(' · ')}
          </DialogDescription>
        </DialogHeader>
        {isImage(file) && (
          <div className="grid place-items-center overflow-hidden rounded-lg bg-muted">
            {/* eslint-disable-next-line @next/next/no-img-element -- a server-side transform of our own asset */}
            <img
              src={assetUrl(file.id, { width: 800, height: 500 }).replace(
                'fit=cover',
                'fit=inside',
              )}
              alt={file.title ?? file.filename_download}
              className="max-h-72 w-auto"
            />
          </div>
        )}
        <form onSubmit={save} className="space-y-4">
          <Field label={t('fieldTitle')}>
            <Input value={title} disabled={!canEdit} onChange={(e) => setTitle(e.target.value)} />
          </Field>
          <Field label={t('filename')} required>
            <Input value={name} disabled={!canEdit} onChange={(e) => setName(e.target.value)} />
          </Field>
          <Field label={t('fieldDescription')}>
            <Textarea
              value={description}
              disabled={!canEdit}
              onChange={(e) => setDescription(e.target.value)}
            />
          </Field>
          <Field label={t('folder')}>
            {(p) => (
              <Select value={folder} onValueChange={setFolder} disabled={!canEdit}>
                <SelectTrigger {...p}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={TOP}>{t('noFolder')}</SelectItem>
                  {folders.map((f) => (
                    <SelectItem key={f.id} value={f.id}>
                      {f.name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          </Field>
          {error && (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
          <DialogFooter className="flex-wrap gap-2 sm:justify-between">
            <div className="flex gap-2">
              <Button asChild variant="outline">
                <a href={`${assetUrl(file.id)}?download`}>
                  <Download aria-hidden /> {t('download')}
                </a>
              </Button>
              {canDelete && (
                <ConfirmDialog
                  title={t('deleteTitle')}
                  description={t('deleteBody', { name: file.filename_download })}
                  onConfirm={async () => {
                    await remove.mutateAsync([file.id]);
                    onClose();
                  }}
                  trigger={
                    <Button type="button" variant="outline">
                      <Trash2 aria-hidden /> {t('delete')}
                    </Button>
                  }
                />
              )}
            </div>
            {canEdit && (
              <Button type="submit" disabled={update.isPending}>
                {t('save')}
              </Button>
            )}
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
