'use client';

import { Plus, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import type { ScopeItem } from '@/lib/client/access/types';
import { ScopeSelect } from './scope-select';
import type { GrantActions } from './use-grant-actions';

export interface GrantEntry {
  /** The access record's id, which removing deletes. */
  id: string;
  name: string;
  /** The scope as shown: its URI, or the root scope's name. */
  scope: string;
  /** What kind of holder the row is (a user, a role), when the list mixes them. */
  icon?: ReactNode;
  /** The remove button's accessible name, which says what goes. */
  removeLabel: string;
}

/**
 * One access record a line: who or what is granted, at which scope, and a remove button.
 * Policies of a holder, extra roles of a user and holders of a policy all list this way.
 */
export function GrantList({
  label,
  entries,
  actions,
}: {
  label: string;
  entries: GrantEntry[];
  actions: GrantActions;
}) {
  return (
    <ul className="divide-y rounded-lg border" aria-label={label}>
      {entries.map((entry) => (
        <li key={entry.id} className="flex items-center gap-3 px-3 py-2 text-sm">
          {entry.icon}
          <span className="min-w-0 flex-1 truncate font-medium">{entry.name}</span>
          <Badge variant="outline">{entry.scope}</Badge>
          <Button
            variant="ghost"
            size="icon"
            aria-label={entry.removeLabel}
            disabled={actions.remove.isPending}
            onClick={() => actions.remove.mutate(entry.id)}
          >
            <Trash2 aria-hidden />
          </Button>
        </li>
      ))}
    </ul>
  );
}

/** Picks what to grant and at which scope, then adds it. */
export function GrantAddBar({
  label,
  placeholder,
  options,
  scopes,
  actions,
  addLabel,
  onAdd,
}: {
  label: string;
  placeholder: string;
  options: { value: string; label: string }[];
  scopes: ScopeItem[] | undefined;
  actions: GrantActions;
  addLabel: string;
  /** Adds what `actions.choice` names. */
  onAdd: () => void;
}) {
  return (
    <div className="flex flex-col gap-2 sm:flex-row">
      <Select value={actions.choice} onValueChange={actions.setChoice}>
        <SelectTrigger aria-label={label} className="sm:flex-1">
          <SelectValue placeholder={placeholder} />
        </SelectTrigger>
        <SelectContent>
          {options.map((o) => (
            <SelectItem key={o.value} value={o.value}>
              {o.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <div className="sm:w-48">
        <ScopeSelect scopes={scopes ?? []} value={actions.scope} onChange={actions.setScope} />
      </div>
      <Button onClick={onAdd} disabled={!actions.choice || actions.adding}>
        <Plus aria-hidden />
        {addLabel}
      </Button>
    </div>
  );
}
