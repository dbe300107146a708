import type { ReactNode } from 'react';
import { PageHeader } from '@/components/studio/kit/page-header';
import { AccessNav } from './access-nav';

/** Header, section links and content: the frame of every access page. */
export function AccessPage({
  title,
  description,
  actions,
  children,
}: {
  title: string;
  description?: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <PageHeader title={title} description={description} actions={actions} />
      <AccessNav />
      {children}
    </>
  );
}
