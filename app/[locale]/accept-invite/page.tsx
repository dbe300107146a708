import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Suspense } from 'react';
import { AcceptInviteForm } from '@/components/studio/access/accept-invite-form';
import { AuthScreen } from '@/components/studio/auth-screen';
import { Link } from '@/lib/i18n/navigation';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'AcceptInvite' });
  return { title: t('metaTitle') };
}

/** Where the invitation mail links to: outside the signed-in frame, like reset-password. */
export default async function AcceptInvitePage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('AcceptInvite');
  return (
    <AuthScreen
      title={t('title')}
      description={t('description')}
      footer={
        <Link href="/login" className="font-medium text-primary underline-offset-4 hover:underline">
          {t('toLogin')}
        </Link>
      }
    >
      <Suspense>
        <AcceptInviteForm />
      </Suspense>
    </AuthScreen>
  );
}
