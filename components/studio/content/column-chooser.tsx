'use client';

import { Columns3 } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import type { FilterField } from '@/components/studio/kit/filter-builder/use-filter-fields';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';

/**
 * Which columns the table shows (and so which `fields` the read asks for), including the
 * fields of many-to-one targets (`author.name`). The primary key always stays.
 */
export function ColumnChooser({
  paths,
  value,
  primaryKey,
  onChange,
}: {
  paths: FilterField[];
  value: string[];
  primaryKey: string;
  onChange: (fields: string[]) => void;
}) {
  const t = useTranslations('ItemBrowser');
  const [term, setTerm] = useState('');
  const baseId = useId();
  const needle = term.toLowerCase();
  const shown = term
    ? paths.filter(
        (p) => p.path.toLowerCase().includes(needle) || p.label.toLowerCase().includes(needle),
      )
    : paths;

  // A new column goes last: the table's order is the person's (columns can be dragged).
  const toggle = (path: string, on: boolean) =>
    onChange(on ? [...value, path] : value.filter((f) => f !== path));

  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button variant="outline" size="sm">
          <Columns3 aria-hidden />
          {t('columns')}
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" className="w-72 p-0">
        <div className="border-b p-2">
          <Input
            type="search"
            aria-label={t('findColumn')}
            placeholder={t('findColumn')}
            value={term}
            onChange={(e) => setTerm(e.target.value)}
            className="h-8"
          />
        </div>
        <fieldset className="max-h-72 overflow-y-auto p-2">
          <legend className="sr-only">{t('columns')}</legend>
          {shown.map((p, i) => {
            const id = `${baseId}-${i}`;
            return (
              <div
                key={p.path}
                className="flex items-center gap-2 rounded px-2 py-1.5 hover:bg-accent/50"
              >
                <Checkbox
                  id={id}
                  checked={value.includes(p.path)}
                  disabled={p.path === primaryKey}
                  onCheckedChange={(v) => toggle(p.path, v === true)}
                />
                <label
                  htmlFor={id}
                  className="flex-1 cursor-pointer truncate text-sm"
                  title={p.path}
                >
                  {p.label}
                </label>
              </div>
            );
          })}
        </fieldset>
      </PopoverContent>
    </Popover>
  );
}
