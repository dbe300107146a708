import { CircleAlert, CircleCheck, Info } from 'lucide-react';
import type { ReactNode } from 'react';

const TONES = {
  error: {
    role: 'alert',
    Icon: CircleAlert,
    // The red of the text, darker than the destructive fill, keeps 4.5:1 on the tinted box.
    className: 'border-destructive/30 bg-destructive/5 text-red-700 dark:text-red-300',
  },
  success: {
    role: 'status',
    Icon: CircleCheck,
    className: 'border-emerald-600/30 bg-emerald-600/5 text-emerald-700 dark:text-emerald-400',
  },
  info: {
    role: 'status',
    Icon: Info,
    className: 'border-primary/30 bg-primary/5 text-foreground',
  },
} as const;

/** The message box of the sign-in forms: errors are announced as alerts, successes as status. */
export function FormAlert({
  tone = 'error',
  id,
  icon,
  children,
}: {
  tone?: keyof typeof TONES;
  id?: string;
  icon?: typeof CircleAlert;
  children: ReactNode;
}) {
  const { role, Icon, className } = TONES[tone];
  const Shown = icon ?? Icon;
  return (
    <div
      id={id}
      role={role}
      className={`flex items-start gap-2.5 rounded-lg border px-3 py-2.5 text-sm ${className}`}
    >
      <Shown aria-hidden className="mt-0.5 size-4 shrink-0" />
      <span>{children}</span>
    </div>
  );
}
