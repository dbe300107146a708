'use client';

import { Check, Network } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { Spinner } from '@/components/ui/spinner';
import { useActiveScope } from '@/lib/client/scope/active-scope';
import { useMyScopesQuery } from '@/lib/client/scope/my-scopes-query';
import { checkScope } from '@/lib/client/scope/scope-check';
import { setActiveScope } from '@/lib/client/scope/scope-store';
import { useScopesQuery } from '@/lib/client/scope/scopes-query';
import { cn } from '@/lib/cn';
import { useErrorMessage } from './kit/use-error-message';

const URI = /^(\/[a-z0-9][a-z0-9._-]*)+$/;

interface Choice {
  uri: string | null;
  label: string;
  depth: number;
}

/** One scope to pick; the active one is marked. */
function ScopeChoice({
  choice,
  active,
  onPick,
}: {
  choice: Choice;
  active: boolean;
  onPick: () => void;
}) {
  return (
    <li>
      <button
        type="button"
        aria-current={active || undefined}
        onClick={onPick}
        className={cn(
          'flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring',
          active && 'font-medium',
        )}
        style={{ paddingLeft: `${0.5 + choice.depth * 0.75}rem` }}
      >
        <span className="min-w-0 flex-1 truncate">{choice.label}</span>
        {choice.uri && choice.label !== choice.uri && (
          <span className="max-w-28 shrink-0 truncate font-mono text-xs text-muted-foreground">
            {choice.uri}
          </span>
        )}
        <Check aria-hidden className={cn('size-4 shrink-0', !active && 'invisible')} />
      </button>
    </li>
  );
}

/** Any scope by its URI; the server is asked first, so a refusal shows here, not on every page. */
function ScopeEntry({ active, onSwitched }: { active: string | null; onSwitched: () => void }) {
  const t = useTranslations('Access.switcher');
  const errorMessage = useErrorMessage();
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
      onSwitched();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setPending(false);
    }
  }

  return (
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
      <Button type="submit" size="sm" className="self-end" disabled={pending}>
        {pending && <Spinner />}
        {t('switch')}
      </Button>
    </form>
  );
}

/**
 * Sets the scope every later request carries (`X-Resource-Uri` and the cookie). Everyone
 * picks from the scopes they hold grants in; administrators from the whole tree, with a
 * word on what a scope is. Any URI may be named too: the server decides.
 */
export function ScopeSwitcher() {
  const t = useTranslations('Access.switcher');
  const active = useActiveScope();
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const mine = useMyScopesQuery();
  // Only administrators may list the whole tree: nobody else is sent to be refused.
  const admin = mine.data?.root.admin === true;
  const tree = useScopesQuery(admin);
  if (mine.isPending || (admin && tree.isPending)) return null;

  const choices: Choice[] = [];
  if (admin || mine.data?.root.policies) choices.push({ uri: null, label: t('root'), depth: 0 });
  if (admin) {
    for (const s of tree.data ?? []) {
      choices.push({ uri: s.uri, label: s.name ?? s.uri, depth: s.uri.split('/').length - 2 });
    }
  } else {
    for (const s of mine.data?.scopes ?? []) {
      choices.push({ uri: s.uri, label: s.name ?? s.uri, depth: 0 });
    }
  }
  const current = choices.find((c) => c.uri === active);
  const pick = (uri: string | null) => {
    setActiveScope(uri);
    setOpen(false);
  };

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button
          variant="outline"
          className="h-9 max-w-36 min-w-0 gap-2 sm:max-w-56"
          aria-label={t('label')}
          title={active ?? t('root')}
        >
          <Network aria-hidden className="size-4 shrink-0 text-muted-foreground" />
          <span className="truncate">{current?.label ?? active ?? t('root')}</span>
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" aria-labelledby={titleId} className="flex w-80 flex-col gap-3">
        <p id={titleId} className="text-sm font-medium">
          {t('title')}
        </p>
        {admin && <p className="text-xs text-muted-foreground">{t('explain')}</p>}
        {choices.length > 0 && (
          <ul aria-label={t('listLabel')} className="-mx-1 flex max-h-64 flex-col overflow-y-auto">
            {choices.map((c) => (
              <ScopeChoice
                key={c.uri ?? ''}
                choice={c}
                active={c.uri === active}
                onPick={() => pick(c.uri)}
              />
            ))}
          </ul>
        )}
        {!admin && !choices.length && (
          <p className="text-xs text-muted-foreground">{t('noneHeld')}</p>
        )}
        <div className="border-t pt-3">
          <ScopeEntry active={active} onSwitched={() => setOpen(false)} />
        </div>
      </PopoverContent>
    </Popover>
  );
}
