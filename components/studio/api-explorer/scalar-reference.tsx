'use client';

import { ApiReferenceReact } from '@scalar/api-reference-react';
// The wrapper ships its styles separately; without them the reference renders unstyled.
import '@scalar/api-reference-react/style.css';
import { useMemo } from 'react';

/**
 * Try-it requests go to this origin with the browser's cookies: the signed-in session and
 * the active scope (`daas_resource_uri`) apply exactly as they do in the studio.
 */
/**
 * The default light theme's secondary text and HTTP-method colours are too pale for body
 * text (WCAG AA 4.5:1); these darker shades keep the look and pass.
 */
const CONTRAST_CSS = `
.light-mode.light-mode {
  --scalar-color-2: #4a4a4a;
  --scalar-color-3: #616161;
  --scalar-color-green: #0f7a3a;
  --scalar-color-blue: #1d5fc4;
  --scalar-color-orange: #b45309;
  --scalar-color-red: #c0262d;
  --scalar-color-yellow: #8a6100;
  --scalar-color-purple: #7c3aed;
}`;

function sameOriginFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  return fetch(input, { ...init, credentials: 'include' });
}

export default function ScalarReference({ url, locale }: { url: string; locale: string }) {
  const configuration = useMemo(() => {
    const origin = window.location.origin;
    return {
      // The caller's own document (their collections, grouped, one tag each, before the
      // system endpoints) or the generic one, as the page's toggle chose.
      url,
      // The document names PUBLIC_URL; the studio's own origin keeps requests same-origin.
      servers: [{ url: origin }],
      baseServerURL: origin,
      fetch: sameOriginFetch,
      // Nothing leaves the instance: no hosted proxy, fonts or telemetry.
      withDefaultFonts: false,
      telemetry: false,
      hideClientButton: true,
      hideDarkModeToggle: true,
      forceDarkModeState: 'light' as const,
      persistAuth: false,
      // The hosted AI agent would send the document to a third party.
      agent: { disabled: true },
      showDeveloperTools: 'never' as const,
      documentDownloadType: 'json' as const,
      metaData: { title: 'API', lang: locale },
      customCss: CONTRAST_CSS,
    };
  }, [url, locale]);
  return <ApiReferenceReact configuration={configuration} />;
}
