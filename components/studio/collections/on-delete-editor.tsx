'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import type { ReferentialAction, Relation } from '@/lib/client/collections/schema-types';
import { useRelationUpdateMutation } from '@/lib/client/relations/relation-update-mutation';
import { OnDeleteSelect } from './on-delete-select';
import { useSchemaSave } from './use-schema-save';

/** Changes the on-delete rule of an existing many-to-one (the foreign key is recreated). */
export function OnDeleteEditor({ relation }: { relation: Relation }) {
  const t = useTranslations('Relations');
  const update = useSchemaSave(useRelationUpdateMutation(), (v) => ({
    key: 'relationUpdated',
    name: `${v.collection}.${v.field}`,
  }));
  // The server only ever stores one of the five referential actions.
  const current = (relation.schema?.on_delete ?? 'NO ACTION') as ReferentialAction;
  const [value, setValue] = useState<ReferentialAction>(current);
  return (
    <div className="flex flex-col gap-2 rounded-md border bg-muted/30 p-3 sm:flex-row sm:items-end">
      <div className="flex-1">
        <OnDeleteSelect
          label={t('onDeleteLabel', { related: relation.related_collection ?? '' })}
          related={relation.related_collection ?? ''}
          value={value}
          onChange={setValue}
        />
      </div>
      <Button
        type="button"
        variant="outline"
        disabled={value === current || update.isPending}
        onClick={() =>
          update.mutate({ collection: relation.collection, field: relation.field, onDelete: value })
        }
      >
        {update.isPending && <Spinner />}
        {t('saveRule')}
      </Button>
    </div>
  );
}
