'use client';

import { Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { TableCell } from '@/components/ui/table';
import type { RuntimeResource } from '@/lib/client/runtime/types';
import { DeleteButton } from './delete-button';
import { EnabledSwitch } from './enabled-switch';

/** The page's "New ..." button. */
export function CreateButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button onClick={onClick}>
      <Plus aria-hidden />
      {label}
    </Button>
  );
}

/** A row's name, opening its editor. */
export function NameButton({ name, onClick }: { name: string; onClick: () => void }) {
  return (
    <button
      type="button"
      className="rounded-sm text-left font-medium underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
      onClick={onClick}
    >
      {name}
    </button>
  );
}

/** The on/off cell and the actions cell every runtime row ends with. */
export function RowControls({
  resource,
  row,
  consequence,
  children,
}: {
  resource: RuntimeResource;
  row: { id: string; name: string; enabled: boolean };
  /** What deleting the row does, for the confirmation. */
  consequence: string;
  /** Actions before the delete button. */
  children?: ReactNode;
}) {
  return (
    <>
      <TableCell>
        <EnabledSwitch resource={resource} id={row.id} name={row.name} enabled={row.enabled} />
      </TableCell>
      <TableCell>
        <div className="flex items-center justify-end gap-1">
          {children}
          <DeleteButton resource={resource} id={row.id} name={row.name} consequence={consequence} />
        </div>
      </TableCell>
    </>
  );
}
