'use client';

import { ArrowLeft, Trash2 } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { QueryState } from '@/components/studio/kit/data-state';
import { useSave } from '@/components/studio/kit/use-save';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { usePolicyDeleteMutation } from '@/lib/client/policies/policy-delete-mutation';
import { usePolicyQuery } from '@/lib/client/policies/policy-query';
import { Link, useRouter } from '@/lib/i18n/navigation';
import { AccessPage } from '../access-page';
import { ConfirmButton } from '../../kit/confirm-button';
import { PermissionsMatrix } from '../permissions/permissions-matrix';
import { PolicyHolders } from './policy-holders';
import { PolicySettings } from './policy-settings';

/** One policy: its settings, its permissions matrix and who holds it. */
export function PolicyPage({ id }: { id: string }) {
  const t = useTranslations('Access.policies');
  const router = useRouter();
  const policy = usePolicyQuery(id);
  const remove = useSave(usePolicyDeleteMutation(), { saved: t('deleted'), inline: true });
  const name = policy.data?.name ?? t('loadingName');

  return (
    <AccessPage
      title={name}
      description={policy.data?.description ?? t('policyDescription')}
      actions={
        <>
          <Button variant="outline" asChild>
            <Link href="/access/policies">
              <ArrowLeft aria-hidden />
              {t('back')}
            </Link>
          </Button>
          {policy.data && !policy.data.public && (
            <ConfirmButton
              variant="destructive"
              size="default"
              icon={Trash2}
              label={t('delete')}
              title={t('deleteTitle', { name })}
              description={t('deleteBody')}
              pending={remove.isPending}
              onConfirm={() => remove.mutateAsync(id).then(() => router.push('/access/policies'))}
            />
          )}
        </>
      }
    >
      <QueryState query={policy}>
        {(row) => (
          <Tabs defaultValue="permissions">
            <TabsList>
              <TabsTrigger value="permissions">{t('tabPermissions')}</TabsTrigger>
              <TabsTrigger value="settings">{t('tabSettings')}</TabsTrigger>
              <TabsTrigger value="holders">{t('tabHolders')}</TabsTrigger>
            </TabsList>
            <TabsContent value="permissions" className="pt-4">
              <PermissionsMatrix policy={row.id} adminAccess={row.admin_access} />
            </TabsContent>
            <TabsContent value="settings" className="pt-4">
              <PolicySettings key={JSON.stringify(row)} policy={row} />
            </TabsContent>
            <TabsContent value="holders" className="pt-4">
              <PolicyHolders policy={row.id} />
            </TabsContent>
          </Tabs>
        )}
      </QueryState>
    </AccessPage>
  );
}
