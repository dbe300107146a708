'use client';

import { Plus, ShieldCheck } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { QueryState } from '@/components/studio/kit/data-state';
import { EditDialog } from '@/components/studio/kit/edit-dialog';
import { useSave } from '@/components/studio/kit/use-save';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { usePolicySaveMutation } from '@/lib/client/policies/policy-save-mutation';
import { usePoliciesQuery } from '@/lib/client/policies/policies-query';
import { Link, useRouter } from '@/lib/i18n/navigation';
import { AccessPage } from '../access-page';

function CreatePolicyDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const t = useTranslations('Access.policies');
  const router = useRouter();
  const save = useSave(usePolicySaveMutation(), { saved: t('created'), inline: true });
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();

  function onSubmit() {
    if (!name.trim()) return setError(t('nameRequired'));
    setError(undefined);
    save.mutate(
      { input: { name: name.trim(), app_access: true } },
      {
        onSuccess: (policy) => {
          router.push(`/access/policies/${policy.id}`);
        },
      },
    );
  }

  return (
    <EditDialog
      open={open}
      className="sm:max-w-lg"
      title={t('createTitle')}
      description={t('createDescription')}
      error={save.message}
      saving={save.isPending}
      labels={{ cancel: t('cancel'), save: t('create') }}
      onClose={() => onOpenChange(false)}
      onSubmit={onSubmit}
    >
      <Field label={t('name')} error={error} required>
        <Input value={name} maxLength={255} onChange={(e) => setName(e.target.value)} />
      </Field>
    </EditDialog>
  );
}

export function PoliciesPage() {
  const t = useTranslations('Access.policies');
  const policies = usePoliciesQuery();
  const [creating, setCreating] = useState(false);
  return (
    <AccessPage
      title={t('title')}
      description={t('description')}
      actions={
        <Button onClick={() => setCreating(true)}>
          <Plus aria-hidden />
          {t('create')}
        </Button>
      }
    >
      <QueryState
        query={policies}
        empty={{ icon: ShieldCheck, title: t('emptyTitle'), description: t('emptyBody') }}
      >
        {(rows) => (
          <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
            {rows.map((p) => (
              <li key={p.id}>
                <Link
                  href={`/access/policies/${p.id}`}
                  className="flex h-full flex-col gap-2 rounded-lg border bg-card p-4 outline-none hover:border-primary/50 focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <span className="font-medium">{p.name}</span>
                  {p.description && (
                    <span className="line-clamp-2 text-sm text-muted-foreground">
                      {p.description}
                    </span>
                  )}
                  <span className="mt-auto flex flex-wrap gap-1.5">
                    {p.public && <Badge variant="secondary">{t('public')}</Badge>}
                    {p.admin_access && <Badge>{t('admin')}</Badge>}
                    {p.app_access && <Badge variant="outline">{t('app')}</Badge>}
                    {p.enforce_tfa && <Badge variant="outline">{t('tfa')}</Badge>}
                    {p.ip_access?.length ? <Badge variant="outline">{t('ipLimited')}</Badge> : null}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      <CreatePolicyDialog open={creating} onOpenChange={setCreating} />
    </AccessPage>
  );
}
