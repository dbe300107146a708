'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { ConfirmDialog } from './confirm-dialog';

/**
 * While `dirty`, leaving asks first: closing or reloading the tab through the browser's own
 * prompt, following a link inside the studio through `pending` (the caller shows a dialog
 * and calls `proceed` or `stay`).
 */
export function useLeaveGuard(dirty: boolean) {
  const [pending, setPending] = useState<string | null>(null);
  const router = useRouter();

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
    };
    const onClick = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey)
        return;
      const anchor = (e.target as Element | null)?.closest?.('a[href]');
      if (!(anchor instanceof HTMLAnchorElement) || anchor.target === '_blank') return;
      const url = new URL(anchor.href, window.location.href);
      if (url.origin !== window.location.origin || url.href === window.location.href) return;
      e.preventDefault();
      e.stopPropagation();
      setPending(url.pathname + url.search);
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    // Capture phase: before Next's Link handler starts the client-side navigation.
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [dirty]);

  return {
    pending,
    stay: () => setPending(null),
    proceed: () => {
      const target = pending;
      setPending(null);
      // The href is already locale-prefixed: Next's own router, not the locale-aware one.
      if (target) router.push(target);
    },
  };
}

type LeaveGuard = ReturnType<typeof useLeaveGuard>;

/**
 * The question a guard asks before a link leaves unsaved changes behind, in the words of
 * `namespace` (its `leaveTitle`, `leaveDescription` and `leave` messages).
 */
export function LeaveDialog({ guard, namespace }: { guard: LeaveGuard; namespace: string }) {
  const t = useTranslations(namespace);
  return (
    <ConfirmDialog
      open={guard.pending !== null}
      onOpenChange={(open) => !open && guard.stay()}
      title={t('leaveTitle')}
      description={t('leaveDescription')}
      confirmLabel={t('leave')}
      onConfirm={guard.proceed}
    />
  );
}
