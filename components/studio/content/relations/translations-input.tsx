'use client';

import { Check, Languages, Trash2, Undo2 } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useFieldsQuery } from '@/lib/client/fields/fields-query';
import { displayItem, type ItemDisplay } from '@/lib/client/items/display-template';
import { useItemsQuery } from '@/lib/client/items/items-query';
import type { Relational } from '@/lib/client/items/relational';
import type { ItemKey } from '@/lib/client/items/types';
import { ErrorState } from '../../kit/data-state';
import { EmptyState } from '../../kit/empty-state';
import { fillable } from './create-related-dialog';
import { PlainFields } from './plain-fields';
import { isStagedWrite, type StagedWrite } from './staged-write';
import {
  emptyDraft,
  isTranslated,
  rowsByLanguage,
  translationsWrite,
  valuesFor,
  type TranslationsDraft,
} from './translations-model';

type M2M = Extract<Relational, { kind: 'm2m' }>;

/** Enough for every language a site is written in; the languages are read in one page. */
const MAX_LANGUAGES = 200;

/**
 * A translations field: one tab per language of the languages collection, each with the
 * translation collection's own fields for that language. What is typed stays in the form
 * (so switching tabs keeps it) and is saved with the item as one nested write.
 */
export function TranslationsInput({
  label,
  rel,
  parentKey,
  languageDisplay,
  junctionPk,
  value,
  onChange,
  disabled,
}: {
  label: string;
  rel: M2M;
  parentKey: ItemKey | null;
  /** How a language is labelled: the languages collection's display (name, else code). */
  languageDisplay: ItemDisplay;
  junctionPk: string | null;
  value: unknown;
  onChange: (v: StagedWrite<TranslationsDraft>) => void;
  disabled?: boolean;
}) {
  const t = useTranslations('TranslationsInput');
  const languagePk = languageDisplay.primaryKey;
  const shape = { junctionPk: junctionPk ?? 'id', languageField: rel.junctionRelated };
  const languages = useItemsQuery(rel.related, {
    fields: languageDisplay.fields,
    sort: [languagePk],
    filter: null,
    search: '',
    page: 1,
    limit: MAX_LANGUAGES,
  });
  const fields = useFieldsQuery(rel.junction);
  const stored = useItemsQuery(
    rel.junction,
    {
      fields: ['*'],
      sort: [shape.junctionPk],
      filter: { [rel.junctionSelf]: { _eq: parentKey } },
      search: '',
      page: 1,
      limit: MAX_LANGUAGES,
    },
    parentKey !== null,
  );
  const draft = isStagedWrite(value) ? (value.staged as TranslationsDraft) : emptyDraft();
  const byLanguage = rowsByLanguage(stored.data?.data ?? [], shape, languagePk);
  const langs = (languages.data?.data ?? []).map((l) => ({
    code: String(l[languagePk]),
    name: displayItem(languageDisplay, l),
  }));
  const [tab, setTab] = useState<string | null>(null);
  // The studio's own language opens first when the languages have it (`en` for `en-US`).
  const locale = useLocale().toLowerCase();
  const own = langs.find((l) => l.code.toLowerCase().split(/[-_]/)[0] === locale);
  const active = tab ?? own?.code ?? langs[0]?.code ?? '';
  const shown = fillable(fields.data ?? [], [rel.junctionSelf, rel.junctionRelated]).filter(
    (f) => !f.schema?.foreign_key_table,
  );

  const change = (next: TranslationsDraft) =>
    onChange({ staged: next, write: translationsWrite(shape, byLanguage, next) });
  const edit = (lang: string, field: string, v: unknown) =>
    change({
      ...draft,
      edits: { ...draft.edits, [lang]: { ...draft.edits[lang], [field]: v } },
    });
  const setRemoved = (lang: string, removed: boolean) =>
    change({
      ...draft,
      removed: removed ? [...draft.removed, lang] : draft.removed.filter((l) => l !== lang),
    });

  const loading = !languages.data || !fields.data || (parentKey !== null && !stored.data);
  const error = languages.error ?? fields.error ?? stored.error;
  if (error) {
    const retry = () => Promise.all([languages.refetch(), fields.refetch(), stored.refetch()]);
    return <ErrorState error={error} onRetry={retry} retrying={languages.isFetching} />;
  }
  if (loading) return <Skeleton className="h-32 w-full" aria-label={t('loading')} />;
  if (langs.length === 0) {
    return (
      <EmptyState icon={Languages} title={t('noLanguages')} className="py-8">
        {t('noLanguagesHint', { collection: rel.related })}
      </EmptyState>
    );
  }

  return (
    <Tabs value={active} onValueChange={setTab} className="flex flex-col gap-3">
      <TabsList aria-label={t('languages', { field: label })} className="w-fit">
        {langs.map((l) => (
          <TabsTrigger key={l.code} value={l.code}>
            {l.name}
            {isTranslated(draft, byLanguage.get(l.code), l.code) && (
              <>
                <Check aria-hidden className="text-emerald-600" />
                <span className="sr-only">{t('translated')}</span>
              </>
            )}
          </TabsTrigger>
        ))}
      </TabsList>
      {langs.map((l) => {
        const row = byLanguage.get(l.code);
        const removed = draft.removed.includes(l.code);
        return (
          <TabsContent
            key={l.code}
            value={l.code}
            className="flex flex-col gap-4 rounded-md border bg-card p-4"
          >
            <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
              <span className="mr-auto">
                {removed
                  ? t('willRemove', { language: l.name })
                  : row
                    ? t('stored', { language: l.name })
                    : isTranslated(draft, row, l.code)
                      ? t('willAdd', { language: l.name })
                      : t('missing', { language: l.name })}
              </span>
              {row && !disabled && (
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  onClick={() => setRemoved(l.code, !removed)}
                >
                  {removed ? <Undo2 aria-hidden /> : <Trash2 aria-hidden />}
                  {removed ? t('keep', { language: l.name }) : t('remove', { language: l.name })}
                </Button>
              )}
            </div>
            {shown.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                {t('noFields', { collection: rel.junction })}
              </p>
            ) : (
              <PlainFields
                fields={shown}
                values={valuesFor(draft, row, l.code)}
                onChange={(field, v) => edit(l.code, field, v)}
                disabled={disabled || removed}
              />
            )}
          </TabsContent>
        );
      })}
    </Tabs>
  );
}
