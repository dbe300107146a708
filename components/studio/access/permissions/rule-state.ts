import type { PermissionAction, PermissionRule } from '@/lib/client/access/types';

export type RuleState = 'none' | 'all' | 'custom';

/** "all" is every field with no item filter, validation or presets; anything else is custom. */
export function ruleState(rule: PermissionRule | undefined): RuleState {
  if (!rule) return 'none';
  const allFields = rule.fields?.includes('*') ?? false;
  const empty = (v: object | null) => !v || Object.keys(v).length === 0;
  return allFields && empty(rule.permissions) && empty(rule.validation) && empty(rule.presets)
    ? 'all'
    : 'custom';
}

export function findRule(
  rules: PermissionRule[],
  collection: string,
  action: PermissionAction,
): PermissionRule | undefined {
  return rules.find((r) => r.collection === collection && r.action === action);
}

/** Parses a JSON object typed by hand; '' is null. Returns an error key when it is not one. */
export function parseJsonObject(text: string): {
  value: Record<string, unknown> | null;
  error?: 'json' | 'object';
} {
  if (!text.trim()) return { value: null };
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      return { value: null, error: 'object' };
    }
    return { value: value as Record<string, unknown> };
  } catch {
    return { value: null, error: 'json' };
  }
}

export function toJsonText(value: object | null): string {
  return value && Object.keys(value).length ? JSON.stringify(value, null, 2) : '';
}
