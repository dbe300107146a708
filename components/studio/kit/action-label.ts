'use client';

import { useTranslations } from 'next-intl';
import { useCallback } from 'react';

/**
 * Message keys for the actions the server writes. Keys may contain dots (`tfa.enable`),
 * which next-intl reads as nesting, so each maps to a flat message name.
 */
const MESSAGE: Record<string, string> = {
  create: 'create',
  update: 'update',
  delete: 'delete',
  login: 'login',
  logout: 'logout',
  comment: 'comment',
  'tfa.enable': 'tfaEnable',
  'tfa.disable': 'tfaDisable',
  'workflow.transition': 'workflowTransition',
};

/**
 * A readable name for an action nobody translated (a custom event such as `export.csv`):
 * separators become spaces and the first letter is capitalised, never the raw key.
 */
export function humaniseAction(action: string): string {
  const words = action
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[._:\-\s]+/)
    .filter(Boolean)
    .join(' ')
    .toLowerCase();
  return words ? words[0].toUpperCase() + words.slice(1) : action;
}

/** The translated label of an activity action key, in the studio's language. */
export function useActionLabel(): (action: string) => string {
  const t = useTranslations('ActivityActions');
  return useCallback(
    (action: string) =>
      Object.hasOwn(MESSAGE, action) ? t(MESSAGE[action]) : humaniseAction(action),
    [t],
  );
}
