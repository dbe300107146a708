import { preflight } from '@/lib/http/cors';
import { route } from '@/lib/http/route';
import { generalPatch } from '@/lib/settings/schema';
import { readGeneralSettings, updateGeneralSettings } from '@/lib/settings/service';

export const GET = route(
  {
    summary: 'Read the general settings (admin, or read permission on daas_settings)',
    tags: ['Settings'],
  },
  (input, ctx) => readGeneralSettings(input, ctx),
);
export const PATCH = route(
  {
    access: 'admin',
    body: generalPatch,
    summary: 'Update the general settings',
    tags: ['Settings'],
  },
  (input, ctx) => updateGeneralSettings(input, ctx),
);
export const OPTIONS = preflight;
