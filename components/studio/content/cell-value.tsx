'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { assetUrl } from '@/lib/client/files/files-query';
import { displayItem, type ItemDisplay } from '@/lib/client/items/display-template';
import type { FieldType } from '@/lib/schema/types';

/** Reads `author.name` out of a row whose relations came back nested. */
export function valueAt(row: Record<string, unknown>, path: string): unknown {
  let value: unknown = row;
  for (const part of path.split('.')) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

const DATE_TYPES = new Set<FieldType>(['dateTime', 'timestamp']);
const NUMBER_TYPES = new Set<FieldType>(['integer', 'bigInteger', 'float', 'decimal']);

/** One cell: locale-formatted dates and numbers, yes/no, JSON in short, an em dash for null. */
export function CellValue({
  value,
  type,
  choices,
  image = false,
}: {
  value: unknown;
  /** A many-to-one to the file library shown as an image: the cell shows a thumbnail. */
  image?: boolean;
  type: FieldType | undefined;
  /** A dropdown's choices: the cell shows the chosen text rather than the stored value. */
  choices?: { text: string; value: string | number }[];
}) {
  const format = useFormatter();
  const t = useTranslations('ItemBrowser');
  if (value === null || value === undefined) {
    return <span className="text-muted-foreground">—</span>;
  }
  if (image) {
    const id = typeof value === 'object' ? (value as { id?: unknown }).id : value;
    if (typeof id === 'string') {
      return (
        // eslint-disable-next-line @next/next/no-img-element -- a server-sized thumbnail of our own asset
        <img
          src={assetUrl(id, { width: 64, height: 64 })}
          alt=""
          width={32}
          height={32}
          loading="lazy"
          className="size-8 rounded object-cover"
        />
      );
    }
  }
  const choice = choices?.find((c) => String(c.value) === String(value));
  if (choice) return <>{choice.text}</>;
  if (typeof value === 'boolean') return <>{value ? t('yes') : t('no')}</>;
  if (type && DATE_TYPES.has(type) && typeof value === 'string') {
    const date = new Date(value);
    if (!Number.isNaN(date.getTime())) {
      return <>{format.dateTime(date, { dateStyle: 'medium', timeStyle: 'short' })}</>;
    }
  }
  if (type === 'date' && typeof value === 'string') {
    const date = new Date(`${value}T00:00:00`);
    if (!Number.isNaN(date.getTime())) return <>{format.dateTime(date, { dateStyle: 'medium' })}</>;
  }
  if (type && NUMBER_TYPES.has(type) && (typeof value === 'number' || typeof value === 'string')) {
    const n = Number(value);
    if (Number.isFinite(n)) return <span className="tabular-nums">{format.number(n)}</span>;
  }
  if (typeof value === 'object') {
    return <span className="font-mono text-xs">{JSON.stringify(value)}</span>;
  }
  return <>{String(value)}</>;
}

/** A many-to-one cell: the linked item through its collection's display template. */
export function RelatedCell({ value, display }: { value: unknown; display: ItemDisplay }) {
  if (value === null || value === undefined) {
    return <span className="text-muted-foreground">—</span>;
  }
  if (typeof value !== 'object') return <>{String(value)}</>;
  return <>{displayItem(display, value as Record<string, unknown>)}</>;
}
