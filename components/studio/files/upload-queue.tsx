'use client';

import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, CircleAlert, Upload } from 'lucide-react';
import { useFormatter, useTranslations } from 'next-intl';
import { useCallback, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { fileKeys } from '@/lib/client/files/keys';
import { uploadFile } from '@/lib/client/files/upload';
import { cn } from '@/lib/cn';
import { useErrorMessage } from '../kit/use-error-message';

interface Job {
  id: number;
  name: string;
  loaded: number;
  total: number;
  state: 'uploading' | 'done' | 'failed';
  error?: string;
}

let nextJob = 1;

/**
 * A drop zone around its children plus an upload button: files go up one at a time into
 * the folder shown, each with a progress bar, and the list refreshes as each one lands.
 */
export function UploadQueue({
  folder,
  canUpload,
  children,
}: {
  folder: string | null;
  canUpload: boolean;
  children: ReactNode;
}) {
  const t = useTranslations('Files');
  const format = useFormatter();
  const errorMessage = useErrorMessage();
  const client = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [jobs, setJobs] = useState<Job[]>([]);
  const [dragging, setDragging] = useState(false);

  const patch = (id: number, change: Partial<Job>) =>
    setJobs((all) => all.map((j) => (j.id === id ? { ...j, ...change } : j)));

  const start = useCallback(
    async (files: File[]) => {
      const queued = files.map((f) => ({
        id: nextJob++,
        name: f.name,
        loaded: 0,
        total: f.size,
        state: 'uploading' as const,
      }));
      setJobs((all) => [...all.filter((j) => j.state === 'uploading'), ...queued]);
      let done = 0;
      for (const [i, file] of files.entries()) {
        const job = queued[i];
        try {
          await uploadFile(file, folder ? { folder } : {}, (p) =>
            patch(job.id, { loaded: p.loaded, total: p.total }),
          );
          patch(job.id, { state: 'done' });
          // A finished upload leaves the list after a moment; failures stay until the next batch.
          setTimeout(() => setJobs((all) => all.filter((j) => j.id !== job.id)), 4000);
          done++;
          await client.invalidateQueries({ queryKey: fileKeys.root });
        } catch (err) {
          patch(job.id, { state: 'failed', error: errorMessage(err) });
        }
      }
      if (done) toast({ title: t('uploaded', { count: done }), variant: 'success' });
    },
    [client, errorMessage, folder, t],
  );

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (!canUpload) return;
    const files = [...e.dataTransfer.files];
    if (files.length) void start(files);
  };

  return (
    <div
      onDragOver={(e) => {
        if (!canUpload) return;
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      className={cn('relative rounded-xl', dragging && 'ring-2 ring-primary ring-offset-2')}
      data-testid="file-drop-zone"
    >
      {canUpload && (
        <div className="mb-4 flex flex-wrap items-center gap-3">
          <Button type="button" onClick={() => input.current?.click()}>
            <Upload aria-hidden /> {t('upload')}
          </Button>
          <span className="text-sm text-muted-foreground">{t('dropHint')}</span>
          <input
            ref={input}
            type="file"
            multiple
            className="sr-only"
            aria-label={t('chooseFiles')}
            onChange={(e) => {
              const files = [...(e.target.files ?? [])];
              e.target.value = '';
              if (files.length) void start(files);
            }}
          />
        </div>
      )}
      {jobs.length > 0 && (
        <ul aria-label={t('uploads')} className="mb-4 space-y-2">
          {jobs.map((job) => {
            const percent =
              job.state !== 'uploading' || !job.total
                ? 100
                : Math.min(100, Math.round((job.loaded / job.total) * 100));
            return (
              <li key={job.id} className="rounded-lg border bg-card px-3 py-2 text-sm">
                <div className="flex items-center justify-between gap-3">
                  <span className="truncate font-medium">{job.name}</span>
                  <span className="flex shrink-0 items-center gap-1 text-muted-foreground">
                    {job.state === 'done' && (
                      <CheckCircle2 aria-hidden className="size-4 text-emerald-600" />
                    )}
                    {job.state === 'failed' && (
                      <CircleAlert aria-hidden className="size-4 text-destructive" />
                    )}
                    {job.state === 'uploading'
                      ? format.number(percent / 100, { style: 'percent' })
                      : job.state === 'done'
                        ? t('done')
                        : job.error}
                  </span>
                </div>
                <div
                  role="progressbar"
                  aria-label={t('progressOf', { name: job.name })}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={percent}
                  className="mt-2 h-1.5 overflow-hidden rounded-full bg-muted"
                >
                  <div
                    className={cn(
                      'h-full rounded-full transition-[width]',
                      job.state === 'failed' ? 'bg-destructive' : 'bg-primary',
                    )}
                    style={{ width: `${percent}%` }}
                  />
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {children}
    </div>
  );
}
