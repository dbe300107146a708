'use client';

import { Network } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import type { ScopeItem } from '@/lib/client/access/types';
import { useActiveScope } from '@/lib/client/scope/active-scope';
import { checkScope } from '@/lib/client/scope/scope-check';
import { setActiveScope } from '@/lib/client/scope/scope-store';
import { useScopesQuery } from '@/lib/client/scope/scopes-query';
import { useErrorMessage } from './use-error-message';

const ROOT = '/';
const URI = /^(\/[a-z0-9][a-z0-9._-]*)+$/;

/** Administrators pick from the whole scope tree. */
function ScopeSelect({ scopes, active }: { scopes: ScopeItem[]; active: string | null }) {
  const t = useTranslations('Access.switcher');
  const depth = (uri: string) => uri.split('/').length - 2;
  return (
    <Select
      value={active ?? ROOT}
      onValueChange={(value) => setActiveScope(value === ROOT ? null : value)}
    >
      <SelectTrigger
        aria-label={t('label')}
        className="h-9 w-auto max-w-40 min-w-0 gap-2 sm:max-w-56"
      >
        <Network aria-hidden className="size-4 shrink-0 text-muted-foreground" />
        <SelectValue />
      </SelectTrigger>
      <SelectContent align="end">
        <SelectItem value={ROOT}>{t('root')}</SelectItem>
        {scopes.map((s) => (
          <SelectItem key={s.id} value={s.uri}>
            <span style={{ paddingLeft: `${depth(s.uri) * 0.75}rem` }}>{s.name ?? s.uri}</span>
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

/**
 * Everyone else may not list scopes, so they name one (their tenant's URI); the server is
 * asked first, so a scope they hold nothing at is refused here rather than on every page.
 */
function ScopeEntry({ active }: { active: string | null }) {
  const t = useTranslations('Access.switcher');
  const errorMessage = useErrorMessage();
  const [open, setOpen] = useState(false);
  const [uri, setUri] = useState(active ?? '');
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const wanted = uri.trim();
    if (!URI.test(wanted)) return setError(t('uriInvalid'));
    setPending(true);
    try {
      await checkScope(wanted);
      setActiveScope(wanted);
      setError(undefined);
      setOpen(false);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setPending(false);
    }
  }

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button
          variant="outline"
          className="h-9 max-w-40 min-w-0 gap-2 sm:max-w-56"
          aria-label={t('label')}
        >
          <Network aria-hidden className="size-4 shrink-0 text-muted-foreground" />
          <span className="truncate">{active ?? t('root')}</span>
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" className="w-72">
        <form onSubmit={onSubmit} className="flex flex-col gap-3" noValidate>
          <Field label={t('uri')} hint={t('uriHint')} error={error}>
            <Input
              value={uri}
              placeholder="/acme"
              spellCheck={false}
              autoCapitalize="none"
              className="font-mono"
              onChange={(e) => setUri(e.target.value)}
            />
          </Field>
          <div className="flex justify-between gap-2">
            <Button
              type="button"
              variant="ghost"
              size="sm"
              disabled={active === null}
              onClick={() => {
                setActiveScope(null);
                setUri('');
                setOpen(false);
              }}
            >
              {t('toRoot')}
            </Button>
            <Button type="submit" size="sm" disabled={pending}>
              {pending && <Spinner />}
              {t('switch')}
            </Button>
          </div>
        </form>
      </PopoverContent>
    </Popover>
  );
}

/** Sets the scope every later request carries (`X-Resource-Uri` and the cookie). */
export function ScopeSwitcher() {
  const active = useActiveScope();
  const scopes = useScopesQuery();
  if (scopes.isPending) return null;
  if (scopes.data) return <ScopeSelect scopes={scopes.data} active={active} />;
  return <ScopeEntry active={active} />;
}
