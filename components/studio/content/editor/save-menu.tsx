'use client';

import { ChevronDown, Copy, CornerUpLeft, FilePlus2, Save } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { cn } from '@/lib/cn';

/** What happens after a save: stay on the item, go back, start a new one, or copy it. */
export type SaveMode = 'stay' | 'return' | 'new' | 'copy';

/** A singleton only saves; a new item is not copied; copies and new items need create. */
export function saveModes(item: {
  singleton: boolean;
  isNew: boolean;
  canCreate: boolean;
}): SaveMode[] {
  if (item.singleton) return ['stay'];
  if (!item.canCreate) return ['stay', 'return'];
  return item.isNew ? ['stay', 'return', 'new'] : ['stay', 'return', 'new', 'copy'];
}

/**
 * The form's save button and its menu of other ways to save. The button submits the form
 * (Ctrl/Cmd+S); the menu's entries are keyboard reachable through its trigger.
 */
export function SaveMenu({
  pending,
  canSave,
  modes,
  onSave,
}: {
  pending: boolean;
  /** Whether there is anything to save (a new item always may be saved). */
  canSave: boolean;
  /** The ways to save offered; a copy needs no change (it takes unsaved edits along). */
  modes: readonly SaveMode[];
  onSave: (mode: SaveMode) => void;
}) {
  const t = useTranslations('ItemSave');
  return (
    <div className="flex items-center">
      <Button
        type="submit"
        size="sm"
        className={cn(modes.length > 1 && 'rounded-r-none')}
        disabled={pending || !canSave}
        aria-keyshortcuts="Control+S Meta+S"
      >
        <Save aria-hidden />
        {pending ? t('saving') : t('save')}
      </Button>
      {modes.length > 1 && (
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button
              type="button"
              size="sm"
              className="rounded-l-none border-l border-primary-foreground/30 px-2"
              disabled={pending}
              aria-label={t('more')}
            >
              <ChevronDown aria-hidden />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuItem
              disabled={!canSave}
              onSelect={() => onSave('stay')}
              aria-keyshortcuts="Control+S Meta+S"
            >
              <Save aria-hidden />
              {t('saveAndStay')}
            </DropdownMenuItem>
            {modes.includes('return') && (
              <DropdownMenuItem disabled={!canSave} onSelect={() => onSave('return')}>
                <CornerUpLeft aria-hidden />
                {t('saveAndReturn')}
              </DropdownMenuItem>
            )}
            {modes.includes('new') && (
              <DropdownMenuItem
                disabled={!canSave}
                onSelect={() => onSave('new')}
                aria-keyshortcuts="Control+Shift+S Meta+Shift+S"
              >
                <FilePlus2 aria-hidden />
                {t('saveAndNew')}
              </DropdownMenuItem>
            )}
            {modes.includes('copy') && (
              <DropdownMenuItem onSelect={() => onSave('copy')}>
                <Copy aria-hidden />
                {t('saveAsCopy')}
              </DropdownMenuItem>
            )}
          </DropdownMenuContent>
        </DropdownMenu>
      )}
    </div>
  );
}
