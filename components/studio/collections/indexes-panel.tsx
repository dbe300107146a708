'use client';

import { ListTree, Plus, Trash2 } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { useCollectionUpdateMutation } from '@/lib/client/collections/collection-update-mutation';
import {
  metaOf,
  type Collection,
  type CollectionIndex,
} from '@/lib/client/collections/schema-types';
import { useFieldsQuery } from '@/lib/client/fields/fields-query';
import { EmptyState } from '../kit/empty-state';
import { useSchemaSave } from './use-schema-save';

/** Indexes and unique constraints over two or more columns (meta.indexes). */
export function IndexesPanel({ collection }: { collection: Collection }) {
  const t = useTranslations('Indexes');
  const name = collection.collection;
  const fields = useFieldsQuery(name);
  const update = useSchemaSave(useCollectionUpdateMutation(), (v) => ({
    key: 'indexesSaved',
    name: v.collection,
  }));
  const [chosen, setChosen] = useState<string[]>([]);
  const [unique, setUnique] = useState(false);
  const [touched, setTouched] = useState(false);
  const indexes = metaOf(collection)?.indexes ?? [];
  const editable = !collection.system && collection.type === 'table';
  const columns = (fields.data ?? []).filter((f) => f.schema).map((f) => f.field);

  function save(next: CollectionIndex[], onSuccess?: () => void) {
    update.mutate(
      {
        collection: name,
        meta: { indexes: next.map((i) => ({ fields: i.fields, unique: i.unique ?? false })) },
      },
      { onSuccess },
    );
  }

  function add(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (chosen.length < 2) return;
    save([...indexes, { fields: chosen, unique }], () => {
      setChosen([]);
      setUnique(false);
      setTouched(false);
    });
  }

  return (
    <section aria-labelledby="indexes-heading" className="flex flex-col gap-4">
      <div>
        <h2 id="indexes-heading" className="text-base font-semibold">
          {t('heading')}
        </h2>
        <p className="text-xs text-muted-foreground">{t('description')}</p>
      </div>
      {indexes.length === 0 ? (
        <EmptyState icon={ListTree} title={t('emptyTitle')} className="py-8">
          {t('emptyBody')}
        </EmptyState>
      ) : (
        <ul className="flex flex-col divide-y rounded-xl border bg-card">
          {indexes.map((index) => (
            <li
              key={index.name ?? index.fields.join(',')}
              className="flex items-center gap-3 px-4 py-2.5"
            >
              <span className="flex-1 font-mono text-sm">({index.fields.join(', ')})</span>
              <Badge variant={index.unique ? 'default' : 'secondary'}>
                {index.unique ? t('unique') : t('index')}
              </Badge>
              {editable && (
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={t('remove', { fields: index.fields.join(', ') })}
                  disabled={update.isPending}
                  onClick={() => save(indexes.filter((i) => i !== index))}
                >
                  <Trash2 aria-hidden />
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {editable && (
        <form onSubmit={add} className="flex flex-col gap-3 rounded-xl border bg-card p-4">
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-sm font-medium">{t('columns')}</legend>
            <div className="grid gap-2 sm:grid-cols-3">
              {columns.map((c) => (
                <div key={c} className="flex items-center gap-2">
                  <Checkbox
                    id={`index-${c}`}
                    checked={chosen.includes(c)}
                    onCheckedChange={(v) =>
                      setChosen((list) => (v === true ? [...list, c] : list.filter((x) => x !== c)))
                    }
                  />
                  <Label htmlFor={`index-${c}`} className="font-mono">
                    {c}
                  </Label>
                </div>
              ))}
            </div>
          </fieldset>
          {chosen.length > 0 && (
            <p className="text-xs text-muted-foreground">
              {t('order', { fields: chosen.join(', ') })}
            </p>
          )}
          <div className="flex items-center gap-2">
            <Checkbox
              id="index-unique"
              checked={unique}
              onCheckedChange={(v) => setUnique(v === true)}
            />
            <Label htmlFor="index-unique">{t('makeUnique')}</Label>
          </div>
          {touched && chosen.length < 2 && (
            <p role="alert" className="text-xs font-medium text-destructive">
              {t('needTwo')}
            </p>
          )}
          <Button type="submit" className="w-fit" disabled={update.isPending}>
            {update.isPending ? <Spinner /> : <Plus aria-hidden />}
            {t('add')}
          </Button>
        </form>
      )}
    </section>
  );
}
