'use client';

import { X } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import type { ActivityFacets } from '@/lib/client/activity/activity-facets-query';
import type { ActivityFilters as Filters } from '@/lib/client/activity/types';
import { useActionLabel } from '../kit/action-label';

// Radix Select items cannot have an empty value: this one stands for "no filter".
const ANY = '__any__';

function Choice({
  label,
  value,
  options,
  onChange,
  anyLabel,
}: {
  label: string;
  value: string | undefined;
  options: { value: string; label: string }[];
  onChange: (value: string | undefined) => void;
  anyLabel: string;
}) {
  return (
    <Field label={label}>
      {(control) => (
        <Select value={value ?? ANY} onValueChange={(v) => onChange(v === ANY ? undefined : v)}>
          <SelectTrigger {...control}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ANY}>{anyLabel}</SelectItem>
            {options.map((o) => (
              <SelectItem key={o.value} value={o.value}>
                {o.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
    </Field>
  );
}

/** User, collection, action and date range; every change is a new server query. */
export function ActivityFilters({
  filters,
  facets,
  onChange,
}: {
  filters: Filters;
  facets: ActivityFacets | undefined;
  onChange: (filters: Filters) => void;
}) {
  const t = useTranslations('Activity');
  const actionLabel = useActionLabel();
  const set = (patch: Partial<Filters>) => onChange({ ...filters, ...patch });
  const active = Object.values(filters).some(Boolean);
  const rangeError =
    filters.from && filters.to && filters.from > filters.to ? t('rangeError') : undefined;

  return (
    <section
      aria-label={t('filtersLabel')}
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[repeat(5,minmax(0,1fr))_auto] lg:items-end"
    >
      <Choice
        label={t('user')}
        value={filters.user}
        anyLabel={t('anyUser')}
        options={(facets?.users ?? []).map((u) => ({ value: u.id, label: u.label }))}
        onChange={(user) => set({ user })}
      />
      <Choice
        label={t('collection')}
        value={filters.collection}
        anyLabel={t('anyCollection')}
        options={(facets?.collections ?? []).map((c) => ({ value: c, label: c }))}
        onChange={(collection) => set({ collection })}
      />
      <Choice
        label={t('action')}
        value={filters.action}
        anyLabel={t('anyAction')}
        options={(facets?.actions ?? []).map((a) => ({ value: a, label: actionLabel(a) }))}
        onChange={(action) => set({ action })}
      />
      <Field label={t('from')}>
        <Input
          type="date"
          value={filters.from ?? ''}
          max={filters.to}
          onChange={(e) => set({ from: e.target.value || undefined })}
        />
      </Field>
      <Field label={t('to')} error={rangeError}>
        <Input
          type="date"
          value={filters.to ?? ''}
          min={filters.from}
          onChange={(e) => set({ to: e.target.value || undefined })}
        />
      </Field>
      <Button variant="ghost" disabled={!active} onClick={() => onChange({})}>
        <X aria-hidden />
        {t('clearFilters')}
      </Button>
    </section>
  );
}
