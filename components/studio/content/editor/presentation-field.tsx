'use client';

import { ExternalLink, Info } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button';
import type { Field } from '@/lib/client/fields/types';
import { cn } from '@/lib/cn';
import { optionsOf } from './options';
import { fillTemplate, safeHref } from './layout-tree';

const NOTICE_COLOURS: Record<string, string> = {
  info: 'border-sky-300 bg-sky-50 text-sky-900 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-100',
  success:
    'border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100',
  warning:
    'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100',
  danger:
    'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100',
};

const str = (v: unknown) => (typeof v === 'string' ? v : '');

interface LinkOption {
  label: string;
  url: string;
  primary: boolean;
}

function linksOf(field: Field): LinkOption[] {
  const raw = optionsOf(field).links;
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((l: unknown) => {
    if (typeof l !== 'object' || l === null) return [];
    const o = l as Record<string, unknown>;
    const url = str(o.url);
    return url ? [{ label: str(o.label) || url, url, primary: o.type === 'primary' }] : [];
  });
}

/**
 * A field that shows rather than holds: a divider with its title, a notice, or buttons that
 * link out (`{{field}}` in a link's address is filled from the item).
 */
export function PresentationField({
  field,
  label,
  values,
}: {
  field: Field;
  label: string;
  values: Record<string, unknown>;
}) {
  const options = optionsOf(field);
  switch (field.meta?.interface) {
    case 'presentation-divider': {
      const title = str(options.title) || (options.inlineTitle === false ? '' : label);
      return (
        <div className="flex items-center gap-3 pt-2" role="separator" aria-label={title || label}>
          {title && <span className="shrink-0 text-sm font-semibold">{title}</span>}
          <span aria-hidden className="h-px flex-1 bg-border" />
        </div>
      );
    }
    case 'presentation-notice': {
      const colour = NOTICE_COLOURS[str(options.color)] ?? NOTICE_COLOURS.info;
      return (
        <div role="note" className={cn('flex gap-2 rounded-md border px-3 py-2 text-sm', colour)}>
          <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
          <p className="whitespace-pre-line">{str(options.text) || label}</p>
        </div>
      );
    }
    case 'presentation-links': {
      const links = linksOf(field);
      return (
        <nav aria-label={label} className="flex flex-wrap gap-2">
          {links.map((link, i) => {
            const href = safeHref(fillTemplate(link.url, values));
            const external = href !== null && !href.startsWith('/');
            return href ? (
              <a
                key={i}
                href={href}
                target={external ? '_blank' : undefined}
                rel={external ? 'noopener noreferrer' : undefined}
                className={buttonVariants({
                  variant: link.primary ? 'default' : 'outline',
                  size: 'sm',
                })}
              >
                {link.label}
                {external && <ExternalLink aria-hidden />}
              </a>
            ) : (
              <span
                key={i}
                aria-disabled
                className={cn(buttonVariants({ variant: 'outline', size: 'sm' }), 'opacity-50')}
              >
                {link.label}
              </span>
            );
          })}
        </nav>
      );
    }
    default:
      return null;
  }
}
