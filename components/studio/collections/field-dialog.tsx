'use client';

import { ArrowLeft } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import type {
  Collection,
  Field,
  InterfaceDefinition,
  Relation,
} from '@/lib/client/collections/schema-types';
import { useGroupedInterfacesQuery } from '@/lib/client/interfaces/interfaces-query';
import { relationKindOf } from '@/lib/client/relations/interface-relation';
import { FieldForm } from './field-form';
import { InterfacePicker } from './interface-picker';
import { RelationForm } from './relation-form';
import { ManyToAnyForm } from './m2a-form';
import { TranslationsForm } from './translations-form';
import { useInterfaceName } from './interface-name';

/** Adding a field (pick an interface, then configure it) or editing one. */
export function FieldDialog({
  open,
  onOpenChange,
  collection,
  collections,
  fields,
  relations,
  editing,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  collection: Collection;
  collections: Collection[];
  fields: Field[];
  relations: Relation[];
  editing: Field | null;
}) {
  const t = useTranslations('FieldEditor');
  const interfaceName = useInterfaceName();
  const interfaces = useGroupedInterfacesQuery();
  const [picked, setPicked] = useState<InterfaceDefinition | null>(null);

  const editingIface: InterfaceDefinition | null = editing
    ? (interfaces.data?.interfaces.find((i) => i.id === editing.meta?.interface) ?? {
        id: editing.meta?.interface ?? 'input',
        name: editing.meta?.interface ?? editing.type,
        icon: '',
        types: [editing.type],
        localTypes: ['standard'],
        group: 'standard',
        order: 0,
        supported: true,
      })
    : null;
  const iface = editingIface ?? picked;
  const relational = !editing && iface ? relationKindOf(iface) : null;

  function close() {
    onOpenChange(false);
    setPicked(null);
  }

  const title = editing
    ? t('editTitle', { field: editing.field })
    : iface
      ? t('configureTitle', { name: interfaceName(iface) })
      : t('addTitle');

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            {editing
              ? t('editDescription')
              : iface
                ? t('configureDescription')
                : t('pickDescription')}
          </DialogDescription>
        </DialogHeader>
        {!editing && picked && (
          <Button variant="ghost" size="sm" className="w-fit" onClick={() => setPicked(null)}>
            <ArrowLeft aria-hidden />
            {t('backToInterfaces')}
          </Button>
        )}
        {!iface ? (
          <InterfacePicker onPick={setPicked} />
        ) : !editing && iface.id === 'translations' ? (
          <TranslationsForm {...{ collection, collections, fields }} onDone={close} />
        ) : !editing && iface.id === 'list-m2a' ? (
          <ManyToAnyForm {...{ collection, collections, fields }} onDone={close} />
        ) : relational ? (
          <RelationForm
            kind={relational}
            iface={iface}
            collection={collection}
            collections={collections}
            fields={fields}
            onDone={close}
          />
        ) : (
          <FieldForm
            key={editing?.field ?? iface.id}
            iface={iface}
            collection={collection.collection}
            fields={fields}
            relations={relations}
            editing={editing}
            interfaces={interfaces.data?.interfaces ?? []}
            onDone={close}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
