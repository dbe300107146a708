'use client';

import { ChevronsUpDown, LogOut, UserRound } from 'lucide-react';
import { useTranslations } from 'next-intl';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { toast } from '@/components/ui/toast';
import { useLogoutMutation } from '@/lib/client/auth/logout-mutation';
import type { CurrentUser } from '@/lib/client/auth/types';
import { Link, useRouter } from '@/lib/i18n/navigation';

function displayName(user: CurrentUser): string | null {
  const name = [user.first_name, user.last_name].filter(Boolean).join(' ').trim();
  return name || null;
}

function initials(user: CurrentUser): string {
  const source = displayName(user) ?? user.email ?? '?';
  const parts = source.split(/[\s@._-]+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '?') + (parts.length > 1 ? (parts[1]?.[0] ?? '') : '')).toUpperCase();
}

export function UserMenu({ user }: { user: CurrentUser }) {
  const t = useTranslations('UserMenu');
  const tLogin = useTranslations('Login');
  const tNav = useTranslations('Nav');
  const router = useRouter();
  const logout = useLogoutMutation();
  const name = displayName(user);

  function signOut() {
    // The session may already be gone server-side; either way the user ends up signed out here.
    logout.mutate(undefined, {
      onSettled: () => {
        toast({ title: tLogin('signedOut'), variant: 'success' });
        router.replace('/login');
      },
    });
  }

  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label={t('label')}
        className="flex items-center gap-2.5 rounded-lg py-1 pr-2 pl-1 text-left text-sm outline-none hover:bg-accent/60 focus-visible:ring-2 focus-visible:ring-ring data-[state=open]:bg-accent/60"
      >
        <span
          aria-hidden
          className="grid size-8 place-items-center rounded-full bg-primary/10 text-xs font-semibold text-primary"
        >
          {initials(user)}
        </span>
        <span className="hidden min-w-0 flex-col sm:flex">
          <span className="max-w-48 truncate font-medium">{name ?? t('unnamed')}</span>
          <span className="max-w-48 truncate text-xs text-muted-foreground">{user.email}</span>
        </span>
        <ChevronsUpDown aria-hidden className="size-4 text-muted-foreground" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel className="font-normal">
          <span className="block text-xs text-muted-foreground">{t('signedInAs')}</span>
          <span className="block truncate font-medium">{name ?? t('unnamed')}</span>
          <span className="block truncate text-xs text-muted-foreground" data-testid="user-email">
            {user.email}
          </span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link href="/profile">
            <UserRound aria-hidden />
            {tNav('profile')}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem
          variant="destructive"
          disabled={logout.isPending}
          onSelect={(event) => {
            event.preventDefault();
            signOut();
          }}
        >
          <LogOut aria-hidden />
          {logout.isPending ? t('signingOut') : t('signOut')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
