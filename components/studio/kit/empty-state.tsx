import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export function EmptyState({
  icon: Icon,
  title,
  children,
  className,
}: {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      className={cn(
        'flex flex-col items-center rounded-xl border border-dashed bg-card/60 px-6 py-16 text-center',
        className,
      )}
    >
      <span
        aria-hidden
        className="mb-4 grid size-12 place-items-center rounded-xl bg-accent text-primary"
      >
        <Icon className="size-6" />
      </span>
      <h2 className="text-base font-semibold">{title}</h2>
      <p className="mt-2 max-w-md text-sm text-muted-foreground">{children}</p>
    </section>
  );
}
