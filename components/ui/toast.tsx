'use client';

import { CircleAlert, CircleCheck, X } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { cn } from '@/lib/cn';

export interface ToastMessage {
  id: number;
  title: string;
  description?: string;
  variant: 'default' | 'success' | 'error';
}

type Listener = () => void;

/** A tiny module-level store: any component may call toast(); the one Toaster renders them. */
let toasts: ToastMessage[] = [];
let nextId = 1;
const listeners = new Set<Listener>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function dismissToast(id: number): void {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

export function toast(
  input: Omit<ToastMessage, 'id' | 'variant'> & { variant?: ToastMessage['variant'] },
): number {
  const id = nextId++;
  toasts = [...toasts.slice(-3), { variant: 'default', ...input, id }];
  emit();
  setTimeout(() => dismissToast(id), 5000);
  return id;
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const EMPTY: ToastMessage[] = [];

export function Toaster({ closeLabel }: { closeLabel: string }) {
  const items = useSyncExternalStore(
    subscribe,
    () => toasts,
    () => EMPTY,
  );
  return (
    // Not a list: each toast is its own status or alert, and a list item cannot be either.
    <div
      aria-live="polite"
      className="pointer-events-none fixed right-0 bottom-0 z-[100] flex w-full flex-col gap-2 p-4 sm:max-w-sm"
    >
      {items.map((t) => (
        <div
          key={t.id}
          role={t.variant === 'error' ? 'alert' : 'status'}
          className={cn(
            'pointer-events-auto flex items-start gap-3 rounded-lg border bg-popover p-4 text-sm text-popover-foreground shadow-lg',
            t.variant === 'error' && 'border-destructive/40',
          )}
        >
          {t.variant === 'success' && (
            <CircleCheck aria-hidden className="mt-0.5 size-4 text-emerald-600" />
          )}
          {t.variant === 'error' && (
            <CircleAlert aria-hidden className="mt-0.5 size-4 text-destructive" />
          )}
          <div className="flex-1">
            <p className="font-medium">{t.title}</p>
            {t.description && <p className="mt-0.5 text-muted-foreground">{t.description}</p>}
          </div>
          <button
            type="button"
            onClick={() => dismissToast(t.id)}
            aria-label={closeLabel}
            className="rounded-sm text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
          >
            <X aria-hidden className="size-4" />
          </button>
        </div>
      ))}
    </div>
  );
}
