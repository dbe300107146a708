import { preflight } from '@/lib/http/cors';
import { route } from '@/lib/http/route';
import { settingsPatch } from '@/lib/settings/schema';
import { readSettings, updateSettings } from '@/lib/settings/service';

export const GET = route(
  { access: 'admin', summary: 'Read all settings', tags: ['Settings'] },
  (input, ctx) => readSettings(input, ctx),
);
export const PATCH = route(
  { access: 'admin', body: settingsPatch, summary: 'Update settings', tags: ['Settings'] },
  (input, ctx) => updateSettings(input, ctx),
);
export const OPTIONS = preflight;
