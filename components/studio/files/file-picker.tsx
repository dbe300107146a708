'use client';

import { Files, Search } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useDeferredValue, useState } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { useFilesQuery } from '@/lib/client/files/files-query';
import type { FileItem } from '@/lib/client/files/types';
import { QueryState } from '../kit/data-state';
import { Pagination } from '../kit/pagination';
import { FileGrid } from './file-views';

/** Picks one file of the library (every folder), searched and paged by the server. */
export function FilePicker({
  open,
  onOpenChange,
  onPick,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onPick: (file: FileItem) => void;
}) {
  const t = useTranslations('Files');
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search);
  const [page, setPage] = useState(1);
  const files = useFilesQuery({
    folder: undefined,
    search: deferred,
    page,
    pageSize: 20,
    sort: '-uploaded_on',
  });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>{t('pickTitle')}</DialogTitle>
          <DialogDescription>{t('pickHint')}</DialogDescription>
        </DialogHeader>
        <div className="relative">
          <Search
            aria-hidden
            className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            type="search"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
            aria-label={t('search')}
            placeholder={t('searchPlaceholder')}
            className="pl-9"
          />
        </div>
        <QueryState
          query={files}
          isEmpty={(d) => d.data.length === 0}
          empty={{ icon: Files, title: t('noMatchTitle'), description: t('pickEmpty') }}
        >
          {(d) => (
            <FileGrid
              files={d.data}
              onOpen={(f) => {
                onPick(f);
                onOpenChange(false);
              }}
            />
          )}
        </QueryState>
        <Pagination
          page={page}
          pageSize={20}
          total={files.data?.total ?? null}
          totalEstimated={files.data?.estimated}
          hasMore={(files.data?.data.length ?? 0) === 20}
          onPageChange={setPage}
        />
      </DialogContent>
    </Dialog>
  );
}
