'use client';

import { Check, Minus, SlidersHorizontal } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { QueryState } from '@/components/studio/kit/data-state';
import {
  PERMISSION_ACTIONS,
  type PermissionAction,
  type PermissionRule,
} from '@/lib/client/access/types';
import { useCollectionsQuery } from '@/lib/client/collections/collections-query';
import { usePolicyRulesQuery } from '@/lib/client/permissions/policy-rules-query';
import { useActiveScope } from '@/lib/client/scope/active-scope';
import { cn } from '@/lib/cn';
import { RuleEditor } from './rule-editor';
import { findRule, ruleState, type RuleState } from './rule-state';

const ICON: Record<RuleState, typeof Check> = {
  none: Minus,
  all: Check,
  custom: SlidersHorizontal,
};

function MatrixSection({
  title,
  collections,
  rules,
  onOpen,
}: {
  title: string;
  collections: string[];
  rules: PermissionRule[];
  onOpen: (collection: string, action: PermissionAction) => void;
}) {
  const t = useTranslations('Access.matrix');
  return (
    <section className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold">{title}</h3>
      <div className="overflow-x-auto rounded-lg border">
        <table className="w-full min-w-[34rem] table-fixed text-sm">
          <caption className="sr-only">{title}</caption>
          <thead>
            <tr className="border-b bg-muted/40">
              <th scope="col" className="w-44 px-3 py-2 text-left font-medium sm:w-1/3">
                {t('collection')}
              </th>
              {PERMISSION_ACTIONS.map((action) => (
                <th key={action} scope="col" className="px-2 py-2 text-center font-medium">
                  {t(`action.${action}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {collections.map((collection) => (
              <tr key={collection} className="border-b last:border-b-0">
                <th
                  scope="row"
                  className="truncate px-3 py-1.5 text-left font-mono text-xs font-normal"
                >
                  {collection}
                </th>
                {PERMISSION_ACTIONS.map((action) => {
                  const state = ruleState(findRule(rules, collection, action));
                  const Icon = ICON[state];
                  return (
                    <td key={action} className="px-2 py-1 text-center">
                      <button
                        type="button"
                        onClick={() => onOpen(collection, action)}
                        aria-label={t('cellLabel', {
                          collection,
                          action: t(`action.${action}`),
                          state: t(`state.${state}`),
                        })}
                        className={cn(
                          'inline-grid size-8 place-items-center rounded-md border outline-none focus-visible:ring-2 focus-visible:ring-ring',
                          state === 'none' &&
                            'border-transparent text-muted-foreground hover:bg-accent',
                          state === 'all' &&
                            'border-emerald-600/30 bg-emerald-600/10 text-emerald-700 dark:text-emerald-300',
                          state === 'custom' &&
                            'border-amber-600/30 bg-amber-500/10 text-amber-700 dark:text-amber-300',
                        )}
                      >
                        <Icon aria-hidden className="size-4" />
                      </button>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** Collections × actions for one policy; a cell opens the rule editor. */
export function PermissionsMatrix({
  policy,
  adminAccess,
}: {
  policy: string;
  adminAccess: boolean;
}) {
  const t = useTranslations('Access.matrix');
  const scope = useActiveScope();
  const collections = useCollectionsQuery(scope);
  const rules = usePolicyRulesQuery(policy);
  const [open, setOpen] = useState<{ collection: string; action: PermissionAction } | null>(null);

  return (
    <div className="flex flex-col gap-6">
      {adminAccess && (
        <p role="note" className="rounded-lg border border-primary/30 bg-primary/5 p-3 text-sm">
          {t('adminNote')}
        </p>
      )}
      <ul className="flex flex-wrap gap-4 text-xs text-muted-foreground" aria-label={t('legend')}>
        {(['none', 'all', 'custom'] as const).map((state) => {
          const Icon = ICON[state];
          return (
            <li key={state} className="flex items-center gap-1.5">
              <Icon aria-hidden className="size-3.5" />
              {t(`state.${state}`)}
            </li>
          );
        })}
      </ul>
      <QueryState query={collections}>
        {(list) => (
          <QueryState query={rules}>
            {(ruleRows) => {
              const names = list.map((c) => c.collection).sort();
              const user = names.filter((n) => !list.find((c) => c.collection === n)?.system);
              const system = names.filter((n) => list.find((c) => c.collection === n)?.system);
              return (
                <>
                  {user.length ? (
                    <MatrixSection
                      title={t('userCollections')}
                      collections={user}
                      rules={ruleRows}
                      onOpen={(collection, action) => setOpen({ collection, action })}
                    />
                  ) : (
                    <p className="text-sm text-muted-foreground">{t('noCollections')}</p>
                  )}
                  <MatrixSection
                    title={t('systemCollections')}
                    collections={system}
                    rules={ruleRows}
                    onOpen={(collection, action) => setOpen({ collection, action })}
                  />
                  {open && (
                    <RuleEditor
                      policy={policy}
                      collection={open.collection}
                      action={open.action}
                      rule={findRule(ruleRows, open.collection, open.action)}
                      onClose={() => setOpen(null)}
                    />
                  )}
                </>
              );
            }}
          </QueryState>
        )}
      </QueryState>
    </div>
  );
}
