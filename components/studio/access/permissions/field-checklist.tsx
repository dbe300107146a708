'use client';

import { useTranslations } from 'next-intl';
import { QueryState } from '@/components/studio/kit/data-state';
import { Checkbox } from '@/components/ui/checkbox';
import { useFieldsQuery } from '@/lib/client/fields/fields-query';
import { useActiveScope } from '@/lib/client/scope/active-scope';

/** Which fields the rule covers: every field (`*`, including fields added later) or a list. */
export function FieldChecklist({
  collection,
  value,
  onChange,
}: {
  collection: string;
  value: string[];
  onChange: (fields: string[]) => void;
}) {
  const t = useTranslations('Access.rule');
  const scope = useActiveScope();
  const fields = useFieldsQuery(collection, scope);
  const all = value.includes('*');
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium">{t('fields')}</legend>
      <label className="flex items-center gap-2 text-sm font-medium">
        <Checkbox
          checked={all}
          onCheckedChange={(checked) => onChange(checked === true ? ['*'] : [])}
        />
        {t('allFields')}
      </label>
      <QueryState query={fields}>
        {(list) => (
          <div className="grid gap-1.5 rounded-lg border p-3 sm:grid-cols-2">
            {list.map((f) => (
              <label key={f.field} className="flex items-center gap-2 font-mono text-xs">
                <Checkbox
                  checked={all || value.includes(f.field)}
                  disabled={all}
                  onCheckedChange={(checked) =>
                    onChange(
                      checked === true
                        ? [...value, f.field]
                        : value.filter((name) => name !== f.field),
                    )
                  }
                />
                {f.field}
              </label>
            ))}
          </div>
        )}
      </QueryState>
    </fieldset>
  );
}
