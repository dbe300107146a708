import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Skeleton } from '@/components/ui/skeleton';

export function StatCard({
  icon: Icon,
  label,
  value,
  hint,
  loading,
}: {
  icon: LucideIcon;
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  loading: boolean;
}) {
  return (
    <div className="flex items-start gap-3 rounded-xl border bg-card p-4 shadow-xs">
      <span
        aria-hidden
        className="grid size-9 shrink-0 place-items-center rounded-lg bg-accent text-primary"
      >
        <Icon className="size-4" />
      </span>
      <dl className="min-w-0">
        <dt className="text-sm text-muted-foreground">{label}</dt>
        <dd className="text-2xl font-semibold tabular-nums">
          {loading ? <Skeleton className="mt-1 h-7 w-16" /> : value}
        </dd>
        {hint && !loading && <dd className="text-xs text-muted-foreground">{hint}</dd>}
      </dl>
    </div>
  );
}
