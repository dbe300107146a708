'use client';

import { Braces } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { useMemo, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import type { FieldControlProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { fieldLabel } from '@/lib/client/fields/field-label';
import { useFieldsQuery } from '@/lib/client/fields/fields-query';
import type { Field } from '@/lib/client/fields/types';
import { isAlias, relationalOf } from '@/lib/client/items/relational';
import { useRelatedFieldsQuery } from '@/lib/client/items/related-fields-query';
import { useRelationsQuery } from '@/lib/client/relations/relations-query';

interface Choice {
  path: string;
  label: string;
}

/** Fields a template can show: the collection's columns, then one hop through each many-to-one. */
function useTemplateChoices(collection: string) {
  const locale = useLocale();
  const fields = useFieldsQuery(collection);
  const relations = useRelationsQuery();
  const m2o = useMemo(
    () =>
      (fields.data ?? []).flatMap((f) => {
        const rel = relationalOf(relations.data ?? [], collection, f.field);
        return rel?.kind === 'm2o' ? [{ field: f, related: rel.related }] : [];
      }),
    [fields.data, relations.data, collection],
  );
  const related = useRelatedFieldsQuery([...new Set(m2o.map((r) => r.related))]);
  return useMemo(() => {
    const columns = (f: Field) => !isAlias(f);
    const own: Choice[] = (fields.data ?? [])
      .filter(columns)
      .map((f) => ({ path: f.field, label: fieldLabel(f, locale) }));
    const hops = m2o.map(({ field, related: target }) => ({
      group: fieldLabel(field, locale),
      choices: (related.byCollection[target] ?? []).filter(columns).map((f) => ({
        path: `${field.field}.${f.field}`,
        label: fieldLabel(f, locale),
      })),
    }));
    return { own, hops };
  }, [fields.data, m2o, related.byCollection, locale]);
}

/**
 * A display template (`{{name}} ({{email}})`) typed freely, with a picker that inserts a
 * field's `{{token}}` where the cursor is.
 */
export function TemplateInput({
  collection,
  value,
  onChange,
  control,
}: {
  collection: string;
  value: string;
  onChange: (v: string) => void;
  control: FieldControlProps;
}) {
  const t = useTranslations('CollectionSettings');
  const [open, setOpen] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  // Where the cursor was when the picker opened (the input loses focus to it).
  const caret = useRef<number | null>(null);
  const choices = useTemplateChoices(collection);

  const insert = (path: string) => {
    const at = caret.current ?? value.length;
    const token = `{{${path}}}`;
    const next = value.slice(0, at) + token + value.slice(at);
    onChange(next);
    setOpen(false);
    const end = at + token.length;
    caret.current = end;
    requestAnimationFrame(() => {
      input.current?.focus();
      input.current?.setSelectionRange(end, end);
    });
  };

  const option = (c: Choice) => (
    <li key={c.path}>
      <button
        type="button"
        onClick={() => insert(c.path)}
        className="flex w-full items-baseline justify-between gap-3 rounded px-2 py-1.5 text-left text-sm outline-none hover:bg-accent focus-visible:bg-accent"
      >
        <span className="truncate">{c.label}</span>
        <span className="shrink-0 font-mono text-xs text-muted-foreground">{c.path}</span>
      </button>
    </li>
  );

  return (
    <div className="flex gap-2">
      <Input
        {...control}
        ref={input}
        value={value}
        className="font-mono"
        placeholder="{{title}}"
        onChange={(e) => onChange(e.target.value)}
        onSelect={(e) => (caret.current = e.currentTarget.selectionStart)}
      />
      <Popover open={open} onOpenChange={setOpen}>
        <PopoverTrigger asChild>
          <Button type="button" variant="outline" className="shrink-0">
            <Braces aria-hidden />
            {t('insertField')}
          </Button>
        </PopoverTrigger>
        <PopoverContent align="end" className="max-h-80 w-80 overflow-y-auto p-2">
          <ul aria-label={t('templateFields')} className="flex flex-col">
            {choices.own.map(option)}
          </ul>
          {choices.hops.map((hop) =>
            hop.choices.length ? (
              <section key={hop.group} className="mt-2 border-t pt-2">
                <h3 className="px-2 pb-1 text-xs font-semibold text-muted-foreground">
                  {t('throughRelation', { field: hop.group })}
                </h3>
                <ul aria-label={t('throughRelation', { field: hop.group })}>
                  {hop.choices.map(option)}
                </ul>
              </section>
            ) : null,
          )}
        </PopoverContent>
      </Popover>
    </div>
  );
}
