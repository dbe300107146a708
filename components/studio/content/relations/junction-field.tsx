'use client';

import type { Field } from '@/lib/client/fields/types';
import { manyToAnyOf } from '@/lib/client/items/many-to-any';
import type { Relational } from '@/lib/client/items/relational';
import type { ItemKey } from '@/lib/client/items/types';
import type { ItemDisplay } from '@/lib/client/items/display-template';
import type { RelationOverview } from '@/lib/schema/overview';
import { BlocksInput } from './blocks-input';
import { TranslationsInput } from './translations-input';

/** What the form knows of a field that these editors need (see EditorField). */
interface JunctionFieldInfo {
  field: Field;
  rel: Relational | null;
  relatedPk: string;
  display: ItemDisplay;
  junctionPk: string | null;
}

const marked = (f: Field, name: string, iface: string) =>
  f.meta?.interface === iface || (f.meta?.special ?? []).includes(name);

/** A translations field (interface or special), whose relation reads as a many-to-many. */
function isTranslations(ef: JunctionFieldInfo) {
  return ef.rel?.kind === 'm2m' && marked(ef.field, 'translations', 'translations');
}

/** Whether the field is edited by one of the junction editors below, not the plain lists. */
export function isJunctionField(
  relations: readonly RelationOverview[],
  collection: string,
  ef: JunctionFieldInfo,
): boolean {
  return isTranslations(ef) || manyToAnyOf(relations, collection, ef.field.field) !== null;
}

/** A translations field's tabs or a many-to-any field's block list, with label, hint, error. */
export function JunctionField({
  relations,
  collection,
  ef,
  label,
  hint,
  error,
  itemKey,
  value,
  onChange,
  disabled,
}: {
  relations: readonly RelationOverview[];
  collection: string;
  ef: JunctionFieldInfo;
  label: string;
  hint?: string;
  error?: string;
  itemKey: ItemKey | null;
  value: unknown;
  onChange: (v: unknown) => void;
  disabled?: boolean;
}) {
  const m2a = manyToAnyOf(relations, collection, ef.field.field);
  const rel = ef.rel;
  return (
    // w-0 min-w-full: a long tab strip or block row scrolls or truncates inside the form's
    // column instead of widening it past a phone's screen.
    <div role="group" aria-label={label} className="flex w-0 min-w-full flex-col gap-2">
      <span className="text-sm font-medium">{label}</span>
      {rel?.kind === 'm2m' && isTranslations(ef) ? (
        <TranslationsInput
          label={label}
          rel={rel}
          parentKey={itemKey}
          languageDisplay={ef.display}
          junctionPk={ef.junctionPk}
          value={value}
          onChange={onChange}
          disabled={disabled}
        />
      ) : m2a ? (
        <BlocksInput
          label={label}
          rel={m2a}
          parentKey={itemKey}
          junctionPk={ef.relatedPk}
          value={value}
          onChange={onChange}
          disabled={disabled}
        />
      ) : null}
      {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
      {error && <p className="text-xs font-medium text-destructive">{error}</p>}
    </div>
  );
}
