import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Suspense } from 'react';
import { AuthScreen } from '@/components/studio/auth-screen';
import { LoginForm } from '@/components/studio/login-form';

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
    <AuthScreen title={t('title')} description={t('description')} footer={t('forgotPassword')}>
      <Suspense>
        <LoginForm />
      </Suspense>
    </AuthScreen>
  );
}
