'use client';

import { useTranslations } from 'next-intl';
import { useCallback } from 'react';

/** An interface's name in the studio's language; the catalogue's English name otherwise. */
export function useInterfaceName(): (iface: { id: string; name: string }) => string {
  const t = useTranslations('FieldEditor');
  return useCallback(
    ({ id, name }) => (t.has(`interface.${id}`) ? t(`interface.${id}`) : name),
    [t],
  );
}
