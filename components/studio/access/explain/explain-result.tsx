'use client';

import { ShieldOff } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { EmptyState } from '@/components/studio/kit/empty-state';
import { Badge } from '@/components/ui/badge';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import type { ExplainAnswer, ExplainedRule } from '@/lib/client/permissions/explain-query';
import { useRolesQuery } from '@/lib/client/roles/roles-query';
import { useScopesQuery } from '@/lib/client/scope/scopes-query';
import { byId } from '../../kit/user-labels';

function Json({ value }: { value: object | null }) {
  if (!value || !Object.keys(value).length) return <span className="text-muted-foreground">—</span>;
  return (
    <code className="block max-w-xs text-xs break-all whitespace-pre-wrap">
      {JSON.stringify(value)}
    </code>
  );
}

/** The effective rules, one row per collection and action, each with the policy it came from. */
export function ExplainResult({ answer }: { answer: ExplainAnswer }) {
  const t = useTranslations('Access.explain');
  const tm = useTranslations('Access.matrix');
  const roles = byId(useRolesQuery().data);
  const scopes = useScopesQuery().data;
  const modules = Object.entries(answer.moduleAccess).filter(([, on]) => on === true);

  const via = (rule: ExplainedRule) =>
    (rule.debug?.access ?? []).map((a) => {
      const holder = a.role
        ? t('viaRole', { role: roles.get(a.role)?.name ?? a.role })
        : t('viaUser');
      const at = a.scope ? (scopes?.find((s) => s.id === a.scope)?.uri ?? a.scope) : t('root');
      return `${holder} @ ${at}`;
    });

  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="explain-modules" className="flex flex-col gap-2">
        <h2 id="explain-modules" className="text-sm font-semibold">
          {t('modules')}
        </h2>
        {modules.length ? (
          <ul className="flex flex-wrap gap-1.5">
            {modules.map(([key]) => (
              <li key={key}>
                <Badge variant="outline" className="font-mono">
                  {key}
                </Badge>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">{t('noModules')}</p>
        )}
      </section>
      <section aria-labelledby="explain-rules" className="flex flex-col gap-2">
        <h2 id="explain-rules" className="text-sm font-semibold">
          {t('rules')}
        </h2>
        {answer.data.length === 0 ? (
          <EmptyState icon={ShieldOff} title={t('noRulesTitle')}>
            {t('noRulesBody')}
          </EmptyState>
        ) : (
          <div className="overflow-x-auto rounded-lg border">
            <Table className="min-w-[44rem]">
              <TableHeader>
                <TableRow>
                  <TableHead>{t('collection')}</TableHead>
                  <TableHead>{t('action')}</TableHead>
                  <TableHead>{t('fields')}</TableHead>
                  <TableHead>{t('filter')}</TableHead>
                  <TableHead>{t('validation')}</TableHead>
                  <TableHead>{t('source')}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {answer.data.map((rule, i) => (
                  <TableRow key={`${rule.collection}-${rule.action}-${rule.id ?? i}`}>
                    <TableCell className="font-mono text-xs">{rule.collection}</TableCell>
                    <TableCell>{tm(`action.${rule.action}`)}</TableCell>
                    <TableCell className="max-w-48 font-mono text-xs break-all">
                      {rule.fields?.includes('*') ? t('allFields') : (rule.fields ?? []).join(', ')}
                    </TableCell>
                    <TableCell>
                      <Json value={rule.permissions} />
                    </TableCell>
                    <TableCell>
                      <Json value={rule.validation} />
                    </TableCell>
                    <TableCell>
                      <span className="block font-medium">{rule.debug?.policy?.name ?? '—'}</span>
                      {via(rule).map((line) => (
                        <span key={line} className="block text-xs text-muted-foreground">
                          {line}
                        </span>
                      ))}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        )}
      </section>
    </div>
  );
}
