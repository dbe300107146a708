'use client';

import { FileText } from 'lucide-react';
import { useFormatter, useTranslations } from 'next-intl';
import { assetUrl, isImage } from '@/lib/client/files/files-query';
import type { FileItem } from '@/lib/client/files/types';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';

export function useFileSize(): (size: FileItem['filesize']) => string {
  const format = useFormatter();
  return (size) => {
    const n = Number(size ?? 0);
    const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
    let i = 0;
    let v = n;
    while (v >= 1024 && i < units.length - 1) {
      v /= 1024;
      i++;
    }
    return format.number(v, {
      style: 'unit',
      unit: units[i],
      unitDisplay: 'narrow',
      maximumFractionDigits: i ? 1 : 0,
    });
  };
}

function Thumb({ file, size }: { file: FileItem; size: number }) {
  if (isImage(file)) {
    return (
      // eslint-disable-next-line @next/next/no-img-element -- our own asset endpoint, sized by the server
      <img
        src={assetUrl(file.id, { width: size * 2, height: size * 2 })}
        alt=""
        loading="lazy"
        width={size}
        height={size}
        className="size-full object-cover"
      />
    );
  }
  return <FileText aria-hidden className="size-1/3 text-muted-foreground" />;
}

const label = (f: FileItem) => f.title || f.filename_download;

export function FileGrid({ files, onOpen }: { files: FileItem[]; onOpen: (f: FileItem) => void }) {
  const t = useTranslations('Files');
  return (
    <ul
      aria-label={t('filesGrid')}
      className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5"
    >
      {files.map((f) => (
        <li key={f.id}>
          <button
            type="button"
            onClick={() => onOpen(f)}
            className="group w-full overflow-hidden rounded-lg border bg-card text-left outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <span className="grid aspect-square place-items-center overflow-hidden bg-muted">
              <Thumb file={f} size={160} />
            </span>
            <span className="block truncate px-2 py-1.5 text-sm font-medium group-hover:underline">
              {label(f)}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

export function FileTable({ files, onOpen }: { files: FileItem[]; onOpen: (f: FileItem) => void }) {
  const t = useTranslations('Files');
  const format = useFormatter();
  const size = useFileSize();
  return (
    <Table aria-label={t('filesTable')}>
      <TableHeader>
        <TableRow>
          <TableHead className="w-12">
            <span className="sr-only">{t('preview')}</span>
          </TableHead>
          <TableHead>{t('fieldTitle')}</TableHead>
          <TableHead>{t('type')}</TableHead>
          <TableHead>{t('size')}</TableHead>
          <TableHead>{t('uploadedOn')}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {files.map((f) => (
          <TableRow key={f.id}>
            <TableCell>
              <span className="grid size-9 place-items-center overflow-hidden rounded bg-muted">
                <Thumb file={f} size={36} />
              </span>
            </TableCell>
            <TableCell>
              <button
                type="button"
                onClick={() => onOpen(f)}
                className="font-medium underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
              >
                {label(f)}
              </button>
            </TableCell>
            <TableCell className="text-muted-foreground">{f.type}</TableCell>
            <TableCell className="text-muted-foreground">{size(f.filesize)}</TableCell>
            <TableCell className="text-muted-foreground">
              {f.uploaded_on
                ? format.dateTime(new Date(f.uploaded_on), {
                    dateStyle: 'medium',
                    timeStyle: 'short',
                  })
                : '—'}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
