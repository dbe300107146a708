import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Suspense } from 'react';
import { AuthScreen } from '@/components/studio/auth-screen';
import { LoginForm } from '@/components/studio/login-form';
import { Link } from '@/lib/i18n/navigation';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'Login' });
  return { title: t('metaTitle') };
}

export default async function LoginPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('Login');
  return (
    <AuthScreen
      title={t('title')}
      description={t('description')}
      footer={
        <Link
          href="/forgot-password"
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          {t('forgotPassword')}
        </Link>
      }
    >
      <Suspense>
        <LoginForm />
      </Suspense>
    </AuthScreen>
  );
}
