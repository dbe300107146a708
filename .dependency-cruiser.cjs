/**
 * The layer table of ARCHITECTURE.md, checked on every `npm run lint`:
 *   app → lib/http and each module's binding (`http.ts`) → domain services → access, events
 *   → db (with redis and the sibling bus) → lib/core, the ground floor.
 * Type-only imports count too: a type pulled from a higher floor is still a dependency.
 */
const DOMAIN =
  'items|schema|auth|access|system|snapshot|settings|logs|activity|events|mail|utils|instance|runtime|mcp|versions|workflows|realtime';
const BINDING = '^lib/(?!http/)[a-z/-]*/http[.]ts$';

/**
 * The studio's own table (STUDIO.md): a feature folder `components/studio/<feature>/` builds on
 * the kit (`components/studio/kit/`), the primitives (`components/ui/`), the data layer
 * (`lib/client/`) and itself, never on a sibling feature, the studio shell or a route file.
 * Exceptions, each deliberate:
 *   - npm packages, `lib/cn.ts` (class names) and `lib/i18n/` (locale-aware Link and router);
 *   - type-only imports of server shapes (`lib/schema/types`...), which the browser rule of
 *     eslint.config.mjs already limits to types;
 *   - pages that compose other features' panels: the item editor (content) shows the file
 *     input, the version switcher and the workflow panel; the home screen shows the activity
 *     chart and feed.
 * The kit is below every feature: it imports no feature, shell file or route.
 */
const STUDIO = '^components/studio/';
const STUDIO_COMPOSERS = { content: ['files', 'versions', 'workflows'], home: ['activity'] };
const STUDIO_LIB_ALLOWED = ['^lib/client/', '^lib/cn[.]ts$', '^lib/i18n/'];
const studioFeatureRules = [
  {
    name: 'studio-feature-sideways',
    comment:
      'A studio feature imports the kit, components/ui, lib/client and itself; a piece two ' +
      'features need belongs in components/studio/kit.',
    severity: 'error',
    from: {
      path: `${STUDIO}(?!kit/)([^/]+)/`,
      pathNot: `${STUDIO}(${Object.keys(STUDIO_COMPOSERS).join('|')})/`,
    },
    to: { path: '^(components|app)/', pathNot: ['^components/ui/', `${STUDIO}(kit|$1)/`] },
  },
  ...Object.entries(STUDIO_COMPOSERS).map(([feature, uses]) => ({
    name: 'studio-feature-sideways',
    comment: `${feature} composes the panels of ${uses.join(' and ')}; nothing else sideways.`,
    severity: 'error',
    from: { path: `${STUDIO}${feature}/` },
    to: {
      path: '^(components|app)/',
      pathNot: ['^components/ui/', `${STUDIO}(kit|${feature}|${uses.join('|')})/`],
    },
  })),
  {
    name: 'studio-feature-server-code',
    comment: 'Server modules reach the studio as types only; data goes through lib/client.',
    severity: 'error',
    from: { path: `${STUDIO}[^/]+/` },
    to: { path: '^lib/', pathNot: STUDIO_LIB_ALLOWED, dependencyTypesNot: ['type-only'] },
  },
  {
    name: 'studio-kit-below-features',
    comment: 'The kit is shared by every feature, so it imports none of them.',
    severity: 'error',
    from: { path: `${STUDIO}kit/` },
    to: { path: '^(components|app)/', pathNot: ['^components/ui/', `${STUDIO}kit/`] },
  },
];

module.exports = {
  forbidden: [
    ...studioFeatureRules,
    {
      name: 'ground-floor-imports-nothing',
      comment: 'lib/core is imported by every layer, so it imports nothing else from lib/.',
      severity: 'error',
      from: { path: '^lib/core/' },
      to: { path: '^lib/', pathNot: '^lib/core/' },
    },
    {
      name: 'db-floor',
      comment:
        'lib/db, lib/redis.ts, lib/sibling-bus.ts and lib/rate-limit.ts stand on the ground floor only.',
      severity: 'error',
      from: { path: '^lib/(db/|redis\\.ts$|sibling-bus\\.ts$|rate-limit\\.ts$)' },
      to: {
        path: '^lib/',
        pathNot: '^lib/(core/|db/|redis\\.ts$|sibling-bus\\.ts$|rate-limit\\.ts$)',
      },
    },
    {
      name: 'access-and-events-below-services',
      comment: 'access and events sit under the domain services and never reach up into them.',
      severity: 'error',
      // A module's binding (http.ts) sits on the HTTP floor, above every service.
      from: { path: '^lib/(access|events)/', pathNot: BINDING },
      to: {
        path: `^lib/(?!(core|db|access|events)/|redis\\.ts$|sibling-bus\\.ts$|rate-limit\\.ts$)`,
      },
    },
    {
      name: 'domain-never-imports-http',
      comment: 'Only lib/http and the per-module binding files (http.ts) know about HTTP.',
      severity: 'error',
      from: { path: `^lib/(${DOMAIN})/`, pathNot: BINDING },
      to: { path: '^lib/http/' },
    },
    {
      name: 'bindings-only-from-app',
      comment: 'A binding turns HTTP input into a service call; only route files use it.',
      severity: 'error',
      from: { path: '^lib/' },
      to: { path: BINDING },
    },
    {
      name: 'lib-never-imports-app-or-components',
      comment: 'The generated route table is the one file of lib/ that knows the route files.',
      severity: 'error',
      from: { path: '^lib/', pathNot: '^lib/http/route-table\\.generated\\.ts$' },
      to: { path: '^(app|components)/' },
    },
    {
      name: 'no-cycles-in-lib',
      severity: 'error',
      comment:
        'Lazy import() counts too: a loop hidden behind one is still a loop. The one exception is ' +
        'the generated route table, which lists every route module, the two that describe the ' +
        'API from that very table included.',
      from: { path: '^lib/' },
      to: {
        circular: true,
        viaOnly: { pathNot: '^lib/http/route-table[.]generated[.]ts$' },
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|\\.next|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
  },
};
