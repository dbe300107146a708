'use client';

import { Files, LayoutGrid, List, Search } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useDeferredValue, useState } from 'react';
import { Input } from '@/components/ui/input';
import { ToggleGroup, ToggleGroupItem } from '@/components/ui/toggle-group';
import { useFilesQuery } from '@/lib/client/files/files-query';
import { useFoldersQuery } from '@/lib/client/files/folders-query';
import type { FileItem } from '@/lib/client/files/types';
import { can } from '@/lib/client/permissions/can';
import { usePermissionsMeQuery } from '@/lib/client/permissions/permissions-me-query';
import { useActiveScope } from '@/lib/client/scope/active-scope';
import { QueryState } from '../kit/data-state';
import { PageHeader } from '../kit/page-header';
import { Pagination } from '../kit/pagination';
import { FileDetails } from './file-details';
import { FileGrid, FileTable } from './file-views';
import { FolderTree } from './folder-tree';
import { UploadQueue } from './upload-queue';

/** The file library: folders on the side, the files of one folder as a grid or a table. */
export function FileLibrary() {
  const t = useTranslations('Files');
  const permissions = usePermissionsMeQuery();
  const scope = useActiveScope();
  const folders = useFoldersQuery(scope);
  const [folder, setFolder] = useState<string | null>(null);
  const [view, setView] = useState<'grid' | 'table'>('grid');
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(25);
  const [open, setOpen] = useState<FileItem | null>(null);
  // The top of the tree shows every file; a folder shows its own.
  const files = useFilesQuery(
    {
      folder: folder ?? undefined,
      search: deferredSearch,
      page,
      pageSize,
      sort: '-uploaded_on',
    },
    scope,
  );
  const p = permissions.data;

  const openFolder = (id: string | null) => {
    setFolder(id);
    setPage(1);
  };

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <div className="grid gap-6 lg:grid-cols-[14rem_1fr]">
        <aside className="rounded-xl border bg-card p-3">
          <FolderTree
            folders={folders.data ?? []}
            current={folder}
            onOpen={openFolder}
            canCreate={can(p, 'daas_folders', 'create')}
          />
        </aside>
        <section aria-label={t('filesOfFolder')} className="min-w-0">
          <UploadQueue folder={folder} canUpload={can(p, 'daas_files', 'create')}>
            <div className="mb-4 flex flex-wrap items-center gap-3">
              <div className="relative min-w-48 flex-1">
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
                  placeholder={t('searchPlaceholder')}
                  aria-label={t('search')}
                  className="pl-9"
                />
              </div>
              <ToggleGroup
                type="single"
                value={view}
                onValueChange={(v) => v && setView(v as 'grid' | 'table')}
                aria-label={t('view')}
              >
                <ToggleGroupItem value="grid" aria-label={t('gridView')}>
                  <LayoutGrid aria-hidden />
                </ToggleGroupItem>
                <ToggleGroupItem value="table" aria-label={t('tableView')}>
                  <List aria-hidden />
                </ToggleGroupItem>
              </ToggleGroup>
            </div>
            <QueryState
              query={files}
              isEmpty={(d) => d.data.length === 0}
              empty={{
                icon: Files,
                title: search ? t('noMatchTitle') : t('emptyTitle'),
                description: search ? t('noMatchBody') : t('emptyBody'),
              }}
            >
              {(d) =>
                view === 'grid' ? (
                  <FileGrid files={d.data} onOpen={setOpen} />
                ) : (
                  <FileTable files={d.data} onOpen={setOpen} />
                )
              }
            </QueryState>
            <Pagination
              className="mt-4"
              page={page}
              pageSize={pageSize}
              total={files.data?.total ?? null}
              totalEstimated={files.data?.estimated}
              hasMore={(files.data?.data.length ?? 0) === pageSize}
              onPageChange={setPage}
              onPageSizeChange={(s) => {
                setPageSize(s);
                setPage(1);
              }}
              disabled={files.isFetching}
            />
          </UploadQueue>
        </section>
      </div>
      {open && (
        <FileDetails
          file={open}
          folders={folders.data ?? []}
          canEdit={can(p, 'daas_files', 'update')}
          canDelete={can(p, 'daas_files', 'delete')}
          onClose={() => setOpen(null)}
        />
      )}
    </>
  );
}
