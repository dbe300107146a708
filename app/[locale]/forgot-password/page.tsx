import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { AuthScreen } from '@/components/studio/auth-screen';
import { ForgotPasswordForm } from '@/components/studio/forgot-password-form';
import { Link } from '@/lib/i18n/navigation';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'ForgotPassword' });
  return { title: t('metaTitle') };
}

export default async function ForgotPasswordPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('ForgotPassword');
  return (
    <AuthScreen
      title={t('title')}
      description={t('description')}
      footer={
        <Link href="/login" className="font-medium text-primary underline-offset-4 hover:underline">
          {t('backToLogin')}
        </Link>
      }
    >
      <ForgotPasswordForm />
    </AuthScreen>
  );
}
