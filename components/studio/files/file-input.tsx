'use client';

import { FileText, FolderOpen, Upload, X } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import type { FieldControlProps } from '@/components/ui/field';
import { assetUrl, isImage } from '@/lib/client/files/files-query';
import type { FileItem } from '@/lib/client/files/types';
import { uploadFile } from '@/lib/client/files/upload';
import { useErrorMessage } from '../kit/use-error-message';

function idOf(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && value !== null) {
    const id = (value as { id?: unknown }).id;
    return typeof id === 'string' ? id : null;
  }
  return null;
}

/**
 * A many-to-one to the file library: a preview of the linked file, an upload (with
 * progress) that links the new file, a pick from the library, and a way to unlink.
 */
export function FileInput({
  label,
  value,
  onChange,
  disabled,
  control,
  image,
}: {
  label: string;
  value: unknown;
  onChange: (v: unknown) => void;
  disabled?: boolean;
  control: FieldControlProps;
  /** An image field: the preview is a thumbnail. */
  image: boolean;
}) {
  const t = useTranslations('Files');
  const errorMessage = useErrorMessage();
  const input = useRef<HTMLInputElement>(null);
  const [picking, setPicking] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [PickerView, setPickerView] = useState<null | typeof import('./file-picker').FilePicker>(
    null,
  );
  const id = idOf(value);
  const file = typeof value === 'object' && value !== null ? (value as Partial<FileItem>) : null;
  const name = file?.title || file?.filename_download || null;
  // An image field previews what it links; a file field does too when the file is an image.
  const preview = image || (file !== null && isImage({ type: file.type ?? null }));

  const upload = async (file: File) => {
    setError(null);
    setProgress(0);
    try {
      const made = await uploadFile(file, {}, (p) =>
        setProgress(p.total ? Math.round((p.loaded / p.total) * 100) : 100),
      );
      // The whole file, so its title and preview show before the item is saved.
      onChange(made);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setProgress(null);
    }
  };

  const openPicker = async () => {
    // The picker (and its grid) loads only when someone asks for it.
    const { FilePicker } = await import('./file-picker');
    setPickerView(() => FilePicker);
    setPicking(true);
  };

  return (
    <div role="group" aria-label={label} className="space-y-2">
      <div
        id={control.id}
        aria-describedby={control['aria-describedby']}
        className="flex min-h-16 items-center gap-3 rounded-md border bg-muted/30 p-2 text-sm"
      >
        {id ? (
          <>
            <span className="grid size-12 shrink-0 place-items-center overflow-hidden rounded bg-muted">
              {preview ? (
                // eslint-disable-next-line @next/next/no-img-element -- a server-sized thumbnail of our own asset
                <img
                  src={assetUrl(id, { width: 96, height: 96 })}
                  alt={t('previewOf', { name: name ?? label })}
                  className="size-full object-cover"
                />
              ) : (
                <FileText aria-hidden className="size-5 text-muted-foreground" />
              )}
            </span>
            <a href={assetUrl(id)} className="truncate underline-offset-4 hover:underline">
              {name ?? t('linkedFile')}
            </a>
          </>
        ) : (
          <span className="px-1 text-muted-foreground">{t('noFile')}</span>
        )}
      </div>
      {progress !== null && (
        <div
          role="progressbar"
          aria-label={t('progressOf', { name: label })}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
          className="h-1.5 overflow-hidden rounded-full bg-muted"
        >
          <div className="h-full bg-primary" style={{ width: `${progress}%` }} />
        </div>
      )}
      {error && (
        <p role="alert" className="text-xs font-medium text-destructive">
          {error}
        </p>
      )}
      {!disabled && (
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" size="sm" onClick={() => input.current?.click()}>
            <Upload aria-hidden /> {t('uploadFile')}
          </Button>
          <Button type="button" variant="outline" size="sm" onClick={() => void openPicker()}>
            <FolderOpen aria-hidden /> {t('fromLibrary')}
          </Button>
          {id && (
            <Button type="button" variant="ghost" size="sm" onClick={() => onChange(null)}>
              <X aria-hidden /> {t('unlink')}
            </Button>
          )}
          <input
            ref={input}
            type="file"
            accept={image ? 'image/*' : undefined}
            className="sr-only"
            aria-label={t('chooseFileFor', { name: label })}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) void upload(file);
            }}
          />
        </div>
      )}
      {PickerView && (
        <PickerView open={picking} onOpenChange={setPicking} onPick={(f) => onChange(f)} />
      )}
    </div>
  );
}
