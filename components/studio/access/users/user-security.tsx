'use client';

import { Copy, KeyRound, ShieldOff, UserCheck, UserX } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useSave } from '@/components/studio/kit/use-save';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast';
import type { UserRow } from '@/lib/client/access/types';
import { useUserTokenMutation } from '@/lib/client/users/user-token-mutation';
import { useUserUpdateMutation } from '@/lib/client/users/user-update-mutation';
import { ConfirmButton } from '../../kit/confirm-button';

/** Suspend or reactivate, clear a lost second factor, and hand out a static token once. */
export function UserSecurity({ user }: { user: UserRow }) {
  const t = useTranslations('Access.users');
  const update = useSave(useUserUpdateMutation(), {
    saved: ({ patch }) =>
      patch.status ? t(patch.status === 'active' ? 'reactivated' : 'suspended') : t('tfaReset'),
    inline: true,
  });
  const tokenMutation = useSave(useUserTokenMutation(), { saved: t('tokenCreated'), inline: true });
  const [token, setToken] = useState<string | null>(null);
  const suspended = user.status === 'suspended';

  return (
    <div className="flex flex-col gap-6">
      <section className="flex flex-col gap-2">
        <h3 className="text-sm font-semibold">{suspended ? t('reactivate') : t('suspend')}</h3>
        <p className="text-sm text-muted-foreground">
          {suspended ? t('reactivateHint') : t('suspendHint')}
        </p>
        <ConfirmButton
          variant={suspended ? 'outline' : 'destructive'}
          icon={suspended ? UserCheck : UserX}
          label={suspended ? t('reactivate') : t('suspend')}
          destructive={!suspended}
          title={suspended ? t('reactivateConfirm') : t('suspendConfirm')}
          description={suspended ? t('reactivateHint') : t('suspendHint')}
          pending={update.isPending}
          onConfirm={() =>
            update.mutateAsync({
              id: user.id,
              patch: { status: suspended ? 'active' : 'suspended' },
            })
          }
        />
      </section>
      <section className="flex flex-col gap-2">
        <h3 className="text-sm font-semibold">{t('resetTfa')}</h3>
        <p className="text-sm text-muted-foreground">{t('resetTfaHint')}</p>
        <ConfirmButton
          variant="outline"
          icon={ShieldOff}
          label={t('resetTfa')}
          title={t('resetTfaConfirm')}
          description={t('resetTfaHint')}
          pending={update.isPending}
          onConfirm={() => update.mutateAsync({ id: user.id, patch: { tfa_secret: null } })}
        />
      </section>
      <section className="flex flex-col gap-2">
        <h3 className="text-sm font-semibold">{t('token')}</h3>
        <p className="text-sm text-muted-foreground">{t('tokenHint')}</p>
        {token ? (
          <div className="flex flex-col gap-2 rounded-lg border border-primary/30 bg-primary/5 p-3">
            <Field label={t('tokenValue')} hint={t('tokenOnce')}>
              <Input
                readOnly
                value={token}
                className="font-mono text-xs"
                onFocus={(e) => e.target.select()}
              />
            </Field>
            <Button
              variant="outline"
              size="sm"
              className="self-start"
              onClick={() =>
                void navigator.clipboard
                  .writeText(token)
                  .then(() => toast({ title: t('tokenCopied'), variant: 'success' }))
              }
            >
              <Copy aria-hidden />
              {t('copy')}
            </Button>
          </div>
        ) : (
          <ConfirmButton
            variant="outline"
            icon={KeyRound}
            label={t('generateToken')}
            destructive={false}
            title={t('generateTokenConfirm')}
            description={t('generateTokenWarning')}
            pending={tokenMutation.isPending}
            onConfirm={() => tokenMutation.mutateAsync(user.id).then(setToken)}
          />
        )}
      </section>
    </div>
  );
}
