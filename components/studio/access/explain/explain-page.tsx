'use client';

import { SearchCheck, ShieldAlert } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { LoadingState, QueryState } from '@/components/studio/kit/data-state';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { useExplainQuery } from '@/lib/client/permissions/explain-query';
import { useScopesQuery } from '@/lib/client/scope/scopes-query';
import { useUserOptionsQuery } from '@/lib/client/users/user-options-query';
import { AccessPage } from '../access-page';
import { ROOT, ScopeSelect } from '../grants/scope-select';
import { isCidr } from '../policies/cidr';
import { userLabel } from '../../kit/user-labels';
import { useDebounced } from '../../kit/use-debounced';
import { ExplainResult } from './explain-result';

/** An administrator picks a user and a scope and sees what that user may do there, and why. */
export function ExplainPage() {
  const t = useTranslations('Access.explain');
  const [search, setSearch] = useState('');
  const [user, setUser] = useState('');
  const [scopeId, setScopeId] = useState(ROOT);
  const [ip, setIp] = useState('');
  const address = useDebounced(ip.trim(), 500);
  const users = useUserOptionsQuery(useDebounced(search));
  const scopes = useScopesQuery();
  const uri = scopeId === ROOT ? '' : (scopes.data?.find((s) => s.id === scopeId)?.uri ?? '');
  const ipError = address && !isCidr(address) ? t('ipInvalid') : undefined;
  const explain = useExplainQuery(user || null, uri, ipError ? '' : address);

  return (
    <AccessPage title={t('title')} description={t('description')}>
      <div className="mb-6 grid gap-4 md:grid-cols-2 xl:grid-cols-4">
        <Field label={t('findUser')}>
          <Input
            type="search"
            value={search}
            placeholder={t('findUserPlaceholder')}
            onChange={(e) => setSearch(e.target.value)}
          />
        </Field>
        <Field label={t('user')}>
          {(control) => (
            <Select value={user} onValueChange={setUser}>
              <SelectTrigger {...control}>
                <SelectValue placeholder={t('chooseUser')} />
              </SelectTrigger>
              <SelectContent>
                {(users.data?.data ?? []).map((u) => (
                  <SelectItem key={u.id} value={u.id}>
                    {userLabel(u)}
                    {u.email && u.email !== userLabel(u) ? ` (${u.email})` : ''}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        </Field>
        <Field label={t('scope')}>
          {(control) => (
            <ScopeSelect
              id={control.id}
              label={t('scope')}
              scopes={scopes.data ?? []}
              value={scopeId}
              onChange={setScopeId}
            />
          )}
        </Field>
        <Field label={t('ip')} hint={t('ipHint')} error={ipError}>
          <Input
            value={ip}
            placeholder="203.0.113.7"
            spellCheck={false}
            className="font-mono"
            onChange={(e) => setIp(e.target.value)}
          />
        </Field>
      </div>
      {!user ? (
        <div className="flex flex-col items-center rounded-xl border border-dashed px-6 py-14 text-center">
          <SearchCheck aria-hidden className="mb-3 size-6 text-primary" />
          <p className="text-sm text-muted-foreground">{t('pickUser')}</p>
        </div>
      ) : (
        <QueryState query={explain} loading={<LoadingState rows={4} />}>
          {(answer) =>
            answer.meta.user?.admin ? (
              <p
                role="note"
                className="flex items-center gap-2 rounded-lg border border-primary/30 bg-primary/5 p-3 text-sm"
              >
                <ShieldAlert aria-hidden className="size-4 text-primary" />
                {t('isAdmin')}
              </p>
            ) : (
              <ExplainResult answer={answer} />
            )
          }
        </QueryState>
      )}
    </AccessPage>
  );
}
