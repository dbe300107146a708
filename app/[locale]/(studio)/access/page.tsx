import { redirect } from '@/lib/i18n/navigation';

type Props = { params: Promise<{ locale: string }> };

/** The access module opens on its user list. */
export default async function AccessPage({ params }: Props) {
  const { locale } = await params;
  redirect({ href: '/access/users', locale });
}
