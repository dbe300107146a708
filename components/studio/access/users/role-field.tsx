'use client';

import { Field } from '@/components/ui/field';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import type { RoleRow } from '@/lib/client/access/types';

/** The select's value for "no role" (a user may have no primary role). */
export const NO_ROLE = '__none__';

/** A user's primary role: one of `roles`, or, when `none` names it, no role at all. */
export function RoleField({
  label,
  roles,
  value,
  onChange,
  none,
  placeholder,
  error,
  required,
}: {
  label: string;
  roles: RoleRow[];
  value: string;
  onChange: (value: string) => void;
  /** The label of the "no role" choice; without it a role must be picked. */
  none?: string;
  placeholder?: string;
  error?: string;
  required?: boolean;
}) {
  return (
    <Field label={label} error={error} required={required}>
      {(control) => (
        <Select value={value} onValueChange={onChange}>
          <SelectTrigger {...control}>
            <SelectValue placeholder={placeholder} />
          </SelectTrigger>
          <SelectContent>
            {none !== undefined && <SelectItem value={NO_ROLE}>{none}</SelectItem>}
            {roles.map((r) => (
              <SelectItem key={r.id} value={r.id}>
                {r.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
    </Field>
  );
}
