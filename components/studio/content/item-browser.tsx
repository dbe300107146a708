'use client';

import type { RowSelectionState } from '@tanstack/react-table';
import { Plus } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useMemo, useState, type CSSProperties } from 'react';
import { DataTable, sortToState, stateToSort } from '@/components/studio/kit/data-table';
import { CollectionIcon } from '@/components/studio/kit/collection-icon';
import { ErrorState } from '@/components/studio/kit/data-state';
import { useFieldPaths } from '@/components/studio/kit/filter-builder/use-filter-fields';
import { LiveIndicator } from '@/components/studio/kit/live-indicator';
import { PageHeader } from '@/components/studio/kit/page-header';
import { Pagination } from '@/components/studio/kit/pagination';
import { useDebounced } from '@/components/studio/kit/use-debounced';
import { Button } from '@/components/ui/button';
import { useMeQuery } from '@/lib/client/auth/me-query';
import { useItemDisplaysQuery } from '@/lib/client/items/item-displays-query';
import { useLiveItemsQuery } from '@/lib/client/items/live-items-query';
import type { Item } from '@/lib/client/items/types';
import { canField } from '@/lib/client/permissions/can';
import { usePermissionsMeQuery } from '@/lib/client/permissions/permissions-me-query';
import type { Preset } from '@/lib/client/presets/types';
import { Link, useRouter } from '@/lib/i18n/navigation';
import { BatchActions, type BatchSelection } from './batch-actions';
import { BookmarksMenu } from './bookmarks-menu';
import { BrowserToolbar } from './browser-toolbar';
import { readPaths } from './read-paths';
import type { CollectionSchema } from './use-collection-schema';
import { CardsLayout } from './layouts/cards-layout';
import { cardsSetup } from './layouts/layout-fields';
import { OtherLayouts } from './layouts/other-layouts';
import { useHeight, useTableColumns } from './layouts/table-columns';
import { TransferButtons } from './transfer/transfer-buttons';
import { useSavedView } from './use-saved-view';
import { PAGE_SIZES, defaultView, useBrowserView, viewFromPreset } from './use-browser-view';

const DEFAULT_COLUMNS = 6;

function initialColumns(schema: CollectionSchema): string[] {
  const own = schema.fields.filter(
    (f) => f.schema !== null && !f.meta?.hidden && schema.fieldAllowed('read', f.field),
  );
  const names = own.map((f) => f.field).filter((f) => f !== schema.primaryKey);
  return [schema.primaryKey, ...names.slice(0, DEFAULT_COLUMNS - 1)];
}

/**
 * The item browser: one page of rows at a time from the server (filter, search, sort and
 * paging all server-side), only the visible columns requested, in a virtualised table.
 */
export function ItemBrowser({
  schema,
  bookmark,
  userPreset = null,
  restore = false,
  defaultPreset = null,
}: {
  schema: CollectionSchema;
  bookmark: Preset | null;
  /** The person's own saved view of the collection (their preset without a bookmark). */
  userPreset?: Preset | null;
  /** Opened without a view in the URL: start from `userPreset`, else `defaultPreset`. */
  restore?: boolean;
  /** The view set for the person's role or for everyone. */
  defaultPreset?: Preset | null;
}) {
  const t = useTranslations('ItemBrowser');
  const router = useRouter();
  const me = useMeQuery();
  const paths = useFieldPaths(schema.collection);
  const base = defaultView(initialColumns(schema));
  const start = bookmark ?? (restore ? (userPreset ?? defaultPreset) : null);
  const { view, update, replace } = useBrowserView(
    start ? viewFromPreset(start, base) : base,
    base,
  );
  const [activeBookmark, setActiveBookmark] = useState<number | null>(bookmark?.id ?? null);
  useSavedView({
    collection: schema.collection,
    userId: me.data?.id ?? null,
    preset: userPreset,
    view,
    // A view that only repeats the role's or everyone's default is not written as the
    // person's own: changes to the default keep reaching them until they change something.
    base: !userPreset && restore && defaultPreset ? viewFromPreset(defaultPreset, base) : base,
    // A bookmark's view is the bookmark's: changing it there doesn't change the person's own.
    enabled: activeBookmark === null,
  });
  const [selection, setSelection] = useState<RowSelectionState>({});
  // "All matching" holds for the filter and search it was chosen under, and no other.
  const [allMatchingOf, setAllMatchingOf] = useState<string | null>(null);
  const [barRef, barHeight] = useHeight();

  const search = useDebounced(view.search);
  const filter = useDebounced(view.filter);
  const permissions = usePermissionsMeQuery().data;
  const byPath = useMemo(() => new Map(paths.data.map((p) => [p.path, p])), [paths.data]);
  const targets = useMemo(
    () => [...new Set([schema.collection, ...paths.relatedOf.values()])],
    [schema.collection, paths.relatedOf],
  );
  const displays = useItemDisplaysQuery(targets);
  // A relational column reads what its collection's display template names, not the bare key.
  const fields = useMemo(
    () =>
      readPaths({
        primaryKey: schema.primaryKey,
        columns: view.fields,
        relatedOf: paths.relatedOf,
        displays: displays.byCollection,
        image: (path) => byPath.get(path)?.interface === 'file-image',
        readable: (collection, field) => canField(permissions, collection, 'read', field),
      }),
    [schema.primaryKey, view.fields, paths.relatedOf, displays.byCollection, byPath, permissions],
  );
  // How an item is named on a card, in a calendar or a column: the collection's template.
  const own = displays.byCollection[schema.collection];
  const title =
    own?.template ?? `{{${own?.fields.find((f) => f !== schema.primaryKey) ?? schema.primaryKey}}}`;
  const cards = cardsSetup(view.options.cards, paths.data, schema.primaryKey, title);
  const paged = view.layout === 'tabular' || view.layout === 'cards';
  const items = useLiveItemsQuery(
    schema.collection,
    {
      fields: view.layout === 'cards' ? cards.fields : fields,
      sort: view.sort,
      filter,
      search,
      page: view.page,
      limit: view.limit,
    },
    paged && !paths.isLoading && !displays.isLoading,
  );

  const columns = useTableColumns({
    fields: view.fields,
    byPath,
    relatedOf: paths.relatedOf,
    displays: displays.byCollection,
  });

  const openPreset = (preset: Preset) => {
    setActiveBookmark(preset.id);
    replace(viewFromPreset(preset, base));
    router.replace(`/content/${encodeURIComponent(schema.collection)}?bookmark=${preset.id}`);
  };

  const meta = items.data?.meta;
  const rows = items.data?.data ?? [];
  const selectedKeys = Object.keys(selection).filter((k) => selection[k]);
  const pkType = schema.fields.find((f) => f.field === schema.primaryKey)?.type;
  const keyOf = (id: string) => (pkType === 'integer' ? Number(id) : id);
  const matchingKey = JSON.stringify([filter, search]);
  const allMatching = allMatchingOf === matchingKey;
  const clearSelection = () => {
    setSelection({});
    setAllMatchingOf(null);
  };
  const batch: BatchSelection | null = allMatching
    ? {
        target: { kind: 'matching', filter, search },
        count: meta?.total ?? null,
        estimated: meta?.total_estimated ?? false,
      }
    : selectedKeys.length > 0
      ? {
          target: { kind: 'keys', keys: selectedKeys.map(keyOf) },
          count: selectedKeys.length,
          estimated: false,
        }
      : null;
  // Offered once the whole page is selected and the page is not all there is.
  const morePages = rows.length === view.limit || view.page > 1;
  const wholePage = rows.length > 0 && selectedKeys.length === rows.length;

  return (
    <>
      <PageHeader
        title={schema.collection}
        icon={<CollectionIcon name={schema.icon} className="size-5" />}
        description={t('description')}
        actions={
          <>
            <LiveIndicator />
            <TransferButtons schema={schema} view={view} total={meta?.total ?? null} />
            <BookmarksMenu
              collection={schema.collection}
              view={view}
              userId={me.data?.id ?? null}
              admin={schema.admin}
              activeId={activeBookmark}
              onOpen={openPreset}
            />
            {schema.canCreate && (
              <Button asChild size="sm">
                <Link href={`/content/${encodeURIComponent(schema.collection)}/+`} prefetch={false}>
                  <Plus aria-hidden />
                  {t('create')}
                </Link>
              </Button>
            )}
          </>
        }
      />
      <BrowserToolbar
        collection={schema.collection}
        view={view}
        update={update}
        paths={paths.data}
        relatedOf={paths.relatedOf}
        primaryKey={schema.primaryKey}
        meta={meta}
      />
      {/* flow-root: the bar's margin counts in the measured height. */}
      <div ref={barRef} className="flow-root">
        {batch && (
          <BatchActions
            schema={schema}
            selection={batch}
            selectAllMatching={
              wholePage && morePages && meta
                ? {
                    total: meta.total,
                    estimated: meta.total_estimated,
                    onSelect: () => setAllMatchingOf(matchingKey),
                  }
                : null
            }
            onDone={clearSelection}
          />
        )}
      </div>
      {!paged ? (
        <OtherLayouts
          schema={schema}
          view={view}
          update={update}
          paths={paths.data}
          relatedOf={paths.relatedOf}
          filter={filter}
          search={search}
          title={title}
        />
      ) : items.error && !items.data ? (
        <ErrorState error={items.error} onRetry={items.refetch} retrying={items.isFetching} />
      ) : view.layout === 'cards' ? (
        <CardsLayout
          collection={schema.collection}
          primaryKey={schema.primaryKey}
          setup={cards}
          rows={rows}
          loading={!items.data}
          busy={items.isPlaceholderData}
          empty={view.filter || view.search ? t('noMatch') : t('empty')}
        />
      ) : (
        <div className="contents" style={{ '--selection-bar': `${barHeight}px` } as CSSProperties}>
          <DataTable<Item>
            label={t('tableLabel', { collection: schema.collection })}
            columns={columns}
            data={rows}
            getRowId={(row) => String(row[schema.primaryKey])}
            sorting={sortToState(view.sort)}
            onSortingChange={(s) => update({ sort: stateToSort(s) })}
            widths={view.options.tabular?.widths}
            columnLabel={(id) => byPath.get(id)?.label ?? id}
            onColumnResize={(id, width) =>
              update({
                page: view.page,
                options: {
                  ...view.options,
                  tabular: { widths: { ...view.options.tabular?.widths, [id]: width } },
                },
              })
            }
            onColumnMove={(id, to) => {
              const rest = view.fields.filter((f) => f !== id);
              update({ page: view.page, fields: [...rest.slice(0, to), id, ...rest.slice(to)] });
            }}
            selection={schema.canUpdate || schema.canDelete ? selection : undefined}
            onSelectionChange={(next) => {
              setSelection(next);
              setAllMatchingOf(null);
            }}
            onRowActivate={(row) =>
              router.push(
                `/content/${encodeURIComponent(schema.collection)}/${encodeURIComponent(String(row[schema.primaryKey]))}`,
              )
            }
            loading={!items.data}
            busy={items.isPlaceholderData}
            empty={
              view.filter || view.search
                ? t('noMatch')
                : schema.canCreate
                  ? t('emptyCreate')
                  : t('empty')
            }
            // The selection bar takes its height from the table, so the pager stays in view.
            className="h-[calc(100dvh-20rem-var(--selection-bar,0px))] min-h-60"
          />
        </div>
      )}
      {/* Sticky: on a phone the header, toolbar and selection bar leave the table no room, so
          the pager keeps to the screen's bottom edge rather than being pushed below it. */}
      {paged && (
        <Pagination
          className="sticky bottom-0 z-10 mt-1 bg-background py-2"
          page={view.page}
          pageSize={view.limit}
          total={meta?.total ?? null}
          totalEstimated={meta?.total_estimated}
          pageRows={items.data ? rows.length : undefined}
          onPageChange={(page) => {
            clearSelection();
            update({ page });
          }}
          onPageSizeChange={(limit) => update({ limit })}
          pageSizes={PAGE_SIZES}
          jump
          disabled={!items.data}
        />
      )}
    </>
  );
}
