import { z } from 'zod';
import type { RequestContext } from '@/lib/core/context';

export const INTERFACE_GROUPS = [
  { key: 'standard', name: 'Text & Numbers' },
  { key: 'selection', name: 'Selection' },
  { key: 'relational', name: 'Relational' },
  { key: 'presentation', name: 'Presentation' },
  { key: 'group', name: 'Groups' },
  { key: 'workflow', name: 'Workflow' },
] as const;
export type InterfaceGroup = (typeof INTERFACE_GROUPS)[number]['key'];

export interface InterfaceDefinition {
  id: string;
  name: string;
  icon: string;
  types: string[];
  localTypes: string[];
  group: InterfaceGroup;
  order: number;
  supported: boolean;
  recommended?: boolean;
  relational?: boolean;
}

type Entry = [id: string, name: string, icon: string, types: string[], extra?: Extra];
interface Extra {
  localTypes?: string[];
  recommended?: boolean;
  relational?: boolean;
  /** false: the service lacks what the interface needs (a column type, a feature). */
  supported?: boolean;
}

const NUMBERS = ['integer', 'bigInteger', 'float', 'decimal'];
const KEYS = ['integer', 'bigInteger', 'uuid', 'string'];
const ALIAS = ['alias'];

// Directus's interface ids, so a field made there (or in a snapshot from there) keeps its editor.
const CATALOG: Record<InterfaceGroup, Entry[]> = {
  standard: [
    ['input', 'Input', 'text_fields', ['string', 'uuid', ...NUMBERS], { recommended: true }],
    ['input-multiline', 'Textarea', 'notes', ['text'], { recommended: true }],
    ['input-rich-text-md', 'Markdown', 'functions', ['text']],
    ['input-rich-text-html', 'WYSIWYG', 'format_quote', ['text']],
    ['input-code', 'Code', 'code', ['string', 'text', 'json']],
    ['input-hash', 'Hash', 'fingerprint', ['hash'], { recommended: true }],
    ['slider', 'Slider', 'linear_scale', NUMBERS],
    ['list', 'Repeater', 'replay', ['json']],
    ['input-block-editor', 'Block Editor', 'edit_note', ['json'], { supported: false }],
    [
      'input-autocomplete-api',
      'Autocomplete Input (API)',
      'find_in_page',
      ['string', 'text'],
      { supported: false },
    ],
    ['map', 'Map', 'map', ['json', 'csv', 'string', 'text'], { supported: false }],
  ],
  selection: [
    ['boolean', 'Toggle', 'toggle_on', ['boolean'], { recommended: true }],
    [
      'datetime',
      'Datetime',
      'today',
      ['dateTime', 'date', 'time', 'timestamp'],
      { recommended: true },
    ],
    ['select-dropdown', 'Dropdown', 'arrow_drop_down_circle', ['string', ...NUMBERS]],
    ['select-multiple-dropdown', 'Dropdown (Multiple)', 'arrow_drop_down_circle', ['json', 'csv']],
    ['select-radio', 'Radio Buttons', 'radio_button_checked', ['string', ...NUMBERS]],
    ['select-multiple-checkbox', 'Checkboxes', 'check_box', ['json', 'csv']],
    [
      'select-multiple-checkbox-tree',
      'Checkboxes (Tree)',
      'account_tree',
      ['json'],
      { supported: false },
    ],
    ['select-color', 'Color', 'palette', ['string']],
    ['select-icon', 'Icon', 'insert_emoticon', ['string']],
    ['tags', 'Tags', 'local_offer', ['json', 'csv'], { recommended: true }],
  ],
  relational: [
    ['select-dropdown-m2o', 'Many to One', 'arrow_right_alt', KEYS, m2('m2o')],
    ['list-o2m', 'One to Many', 'arrow_left_alt', ALIAS, m2('o2m')],
    [
      'list-o2m-tree-view',
      'Tree View',
      'account_tree',
      ALIAS,
      { ...m2('o2m'), recommended: false },
    ],
    ['list-m2m', 'Many to Many', 'import_export', ALIAS, m2('m2m')],
    ['list-m2a', 'Many to Any', 'dashboard_customize', ALIAS, m2('m2a')],
    ['file', 'File', 'note_add', ['uuid'], m2('file')],
    ['file-image', 'Image', 'insert_photo', ['uuid'], { ...m2('file'), recommended: false }],
    ['files', 'Files', 'folder', ALIAS, m2('files')],
    ['collection-item-dropdown', 'Collection Item Dropdown', 'list_alt', ['json']],
    ['translations', 'Translations', 'translate', ALIAS, m2('translations')],
  ],
  presentation: [
    ['presentation-divider', 'Divider', 'remove', ALIAS, { localTypes: ['presentation'] }],
    ['presentation-notice', 'Notice', 'info', ALIAS, { localTypes: ['presentation'] }],
    ['presentation-links', 'Button Links', 'smart_button', ALIAS, { localTypes: ['presentation'] }],
  ],
  group: [
    ['group-raw', 'Raw Group', 'crop_free', ALIAS, { localTypes: ['group'] }],
    ['group-detail', 'Detail Group', 'menu_open', ALIAS, { localTypes: ['group'] }],
    ['group-accordion', 'Accordion', 'horizontal_split', ALIAS, { localTypes: ['group'] }],
  ],
  workflow: [
    [
      'workflow-state',
      'Workflow State',
      'conversion_path',
      ['string'],
      { localTypes: ['workflow'] },
    ],
    ['workflow-history', 'Workflow History', 'history', ALIAS, { localTypes: ['workflow'] }],
  ],
};

function m2(localType: string): Extra {
  return { localTypes: [localType], relational: true, recommended: true };
}

export const INTERFACES: readonly InterfaceDefinition[] = INTERFACE_GROUPS.flatMap(({ key }) =>
  CATALOG[key].map(([id, name, icon, types, extra = {}], i) => {
    const def: InterfaceDefinition = {
      id,
      name,
      icon,
      types,
      localTypes: extra.localTypes ?? ['standard'],
      group: key,
      order: i + 1,
      supported: extra.supported ?? true,
    };
    if (extra.recommended !== undefined) def.recommended = extra.recommended;
    if (extra.relational !== undefined) def.relational = extra.relational;
    return def;
  }),
);

const booleanParam = z
  .enum(['true', 'false', '1', '0'], { error: 'Expected true or false' })
  .transform((v) => v === 'true' || v === '1');

export const interfacesQuery = z
  .object({
    grouped: booleanParam.optional(),
    type: z.string().optional(),
    localType: z.string().optional(),
    supported: booleanParam.optional(),
  })
  .strict();
export type InterfacesQuery = z.infer<typeof interfacesQuery>;

const definition = z.object({
  id: z.string(),
  name: z.string(),
  icon: z.string(),
  types: z.array(z.string()),
  localTypes: z.array(z.string()),
  group: z.enum(INTERFACE_GROUPS.map((g) => g.key)),
  order: z.number().int(),
  supported: z.boolean(),
  recommended: z.boolean().optional(),
  relational: z.boolean().optional(),
});
/** A list, or with `grouped=true` the list and its groups (OpenAPI). */
export const interfacesResponse = z.union([
  z.array(definition),
  z.object({
    interfaces: z.array(definition),
    groups: z.array(
      z.object({ key: definition.shape.group, name: z.string(), interfaces: z.array(definition) }),
    ),
  }),
]);

export interface GroupedInterfaces {
  interfaces: InterfaceDefinition[];
  groups: { key: InterfaceGroup; name: string; interfaces: InterfaceDefinition[] }[];
}

export function listInterfaces(
  input: { query: InterfacesQuery },
  _ctx?: RequestContext,
): Promise<InterfaceDefinition[] | GroupedInterfaces> {
  const { grouped = false, type, localType, supported = true } = input.query;
  const interfaces = INTERFACES.filter(
    (i) =>
      (!supported || i.supported) &&
      (type === undefined || i.types.includes(type)) &&
      (localType === undefined || i.localTypes.includes(localType)),
  );
  if (!grouped) return Promise.resolve(interfaces);
  // Empty groups are left out, so a picker filtered by type shows only what applies.
  const groups = INTERFACE_GROUPS.map(({ key, name }) => ({
    key,
    name,
    interfaces: interfaces.filter((i) => i.group === key),
  })).filter((g) => g.interfaces.length > 0);
  return Promise.resolve({ interfaces, groups });
}
