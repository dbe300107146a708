'use client';

import { Folder } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { QueryState } from '@/components/studio/kit/data-state';
import { Switch } from '@/components/ui/switch';
import { useModuleKeysQuery } from '@/lib/client/access/module-keys-query';
import type { ModuleKeyNode } from '@/lib/client/access/types';
import { TreeLine, TreeList } from '../tree-list';

function KeyToggle({
  row,
  value,
  onChange,
  disabled,
}: {
  row: ModuleKeyNode & { key: string };
  value: Record<string, unknown>;
  onChange: (value: Record<string, unknown>) => void;
  disabled?: boolean;
}) {
  return (
    <>
      <Switch
        id={`module-${row.id}`}
        checked={value[row.key] === true}
        disabled={disabled}
        onCheckedChange={(checked) => {
          const next = { ...value };
          if (checked) next[row.key] = true;
          else delete next[row.key];
          onChange(next);
        }}
      />
      <label htmlFor={`module-${row.id}`} className="min-w-0 flex-1 text-sm">
        <span className="block">{row.name}</span>
        <span className="block font-mono text-xs text-muted-foreground">{row.key}</span>
      </label>
    </>
  );
}

/** The module access keys as a tree of toggles; the value is the policy's module_access map. */
export function ModuleAccessTree(props: {
  value: Record<string, unknown>;
  onChange: (value: Record<string, unknown>) => void;
  disabled?: boolean;
}) {
  const t = useTranslations('Access.policies');
  const keys = useModuleKeysQuery();
  return (
    <QueryState
      query={keys}
      empty={<p className="text-sm text-muted-foreground">{t('noModuleKeys')}</p>}
    >
      {(rows) => (
        <div className="rounded-lg border">
          <TreeList
            rows={rows}
            render={(row, depth) => (
              <TreeLine depth={depth} className="gap-3 pr-3 last:border-b-0">
                {row.key === null ? (
                  <>
                    <Folder aria-hidden className="size-4 text-muted-foreground" />
                    <span className="text-sm font-medium">{row.name}</span>
                  </>
                ) : (
                  <KeyToggle row={{ ...row, key: row.key }} {...props} />
                )}
              </TreeLine>
            )}
          />
        </div>
      )}
    </QueryState>
  );
}
