import type { FormEvent, ReactNode } from 'react';

/** A profile section; with `onSubmit` it is a form whose actions sit in its footer. */
export function ProfileSection({
  id,
  title,
  description,
  children,
  actions,
  onSubmit,
}: {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
  actions?: ReactNode;
  onSubmit?: () => void;
}) {
  const body = (
    <>
      <div className="border-b px-5 py-4">
        <h2 id={id} className="text-base font-semibold">
          {title}
        </h2>
        {description && <p className="mt-1 text-sm text-muted-foreground">{description}</p>}
      </div>
      <div className="flex flex-col gap-5 px-5 py-5">{children}</div>
      {actions && (
        <div className="flex flex-wrap justify-end gap-2 border-t px-5 py-3">{actions}</div>
      )}
    </>
  );
  const className = 'max-w-2xl rounded-xl border bg-card shadow-xs';
  if (!onSubmit) {
    return (
      <section aria-labelledby={id} className={className}>
        {body}
      </section>
    );
  }
  return (
    <form
      aria-labelledby={id}
      noValidate
      className={className}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {body}
    </form>
  );
}
