'use client';

import { Layers } from 'lucide-react';
import { DynamicIcon, iconNames, type IconName } from 'lucide-react/dynamic';

const KNOWN = new Set<string>(iconNames);

/**
 * Directus stores Material icon names (`article`, `shopping_cart`); the common ones that
 * Lucide names differently map to their Lucide counterpart.
 */
const MATERIAL: Record<string, string> = {
  article: 'newspaper',
  person: 'user',
  people: 'users',
  group: 'users',
  inventory: 'package',
  inventory_2: 'package',
  category: 'shapes',
  label: 'tag',
  local_offer: 'tag',
  event: 'calendar',
  photo: 'image',
  insert_photo: 'image',
  description: 'file-text',
  email: 'mail',
  chat: 'message-square',
  forum: 'messages-square',
  public: 'globe',
  place: 'map-pin',
  location_on: 'map-pin',
  attach_money: 'dollar-sign',
  school: 'graduation-cap',
  work: 'briefcase',
  home: 'house',
  settings_applications: 'settings',
  format_quote: 'quote',
};

/** The Lucide name an icon setting means (`BookOpen`, `book_open`, `book-open`), or null. */
export function lucideName(raw: string | null | undefined): IconName | null {
  const value = raw?.trim();
  if (!value) return null;
  const material = MATERIAL[value.toLowerCase()];
  const kebab = (material ?? value)
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/[\s_]+/g, '-')
    .toLowerCase();
  return KNOWN.has(kebab) ? (kebab as IconName) : null;
}

/** A collection's icon (`meta.icon`) by Lucide name; a stack of layers when unset or unknown. */
export function CollectionIcon({
  name,
  className,
}: {
  name: string | null | undefined;
  className?: string;
}) {
  const icon = lucideName(name);
  if (!icon) return <Layers aria-hidden data-icon="fallback" className={className} />;
  // Loaded on demand: only the icons in use reach the browser.
  return (
    <DynamicIcon
      name={icon}
      aria-hidden
      data-icon={icon}
      className={className}
      fallback={() => <Layers aria-hidden data-icon="loading" className={className} />}
    />
  );
}
