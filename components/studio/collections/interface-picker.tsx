'use client';

import { useTranslations } from 'next-intl';
import { Skeleton } from '@/components/ui/skeleton';
import type { InterfaceDefinition } from '@/lib/client/collections/schema-types';
import { useGroupedInterfacesQuery } from '@/lib/client/interfaces/interfaces-query';
import { QueryError } from './query-error';
import { useInterfaceName } from './interface-name';

/** Step one of adding a field: the interfaces of GET /api/interfaces?grouped=true, by group. */
export function InterfacePicker({ onPick }: { onPick: (iface: InterfaceDefinition) => void }) {
  const t = useTranslations('FieldEditor');
  const interfaceName = useInterfaceName();
  const interfaces = useGroupedInterfacesQuery();
  if (interfaces.isPending) {
    return (
      <div className="grid gap-2 sm:grid-cols-3" aria-busy="true" aria-label={t('loading')}>
        {Array.from({ length: 9 }, (_, i) => (
          <Skeleton key={i} className="h-14" />
        ))}
      </div>
    );
  }
  if (interfaces.isError) {
    return <QueryError error={interfaces.error} onRetry={() => interfaces.refetch()} />;
  }
  return (
    <div className="flex flex-col gap-5">
      {interfaces.data.groups.map((group) => (
        <section key={group.key} aria-labelledby={`iface-group-${group.key}`}>
          <h3
            id={`iface-group-${group.key}`}
            className="mb-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase"
          >
            {t.has(`group.${group.key}`) ? t(`group.${group.key}`) : group.name}
          </h3>
          <ul className="grid gap-2 sm:grid-cols-3">
            {group.interfaces.map((iface) => (
              <li key={iface.id}>
                <button
                  type="button"
                  onClick={() => onPick(iface)}
                  aria-label={interfaceName(iface)}
                  aria-describedby={`iface-types-${iface.id}`}
                  className="flex h-full w-full flex-col items-start gap-0.5 rounded-md border bg-card px-3 py-2 text-left text-sm outline-none hover:border-primary hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <span className="font-medium">{interfaceName(iface)}</span>
                  <span
                    id={`iface-types-${iface.id}`}
                    className="font-mono text-xs text-muted-foreground"
                  >
                    {iface.types.join(', ')}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
