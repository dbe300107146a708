/**
 * The layer table of ARCHITECTURE.md, checked on every `npm run lint`:
 *   app → lib/http and each module's binding (`http.ts`) → domain services → access, events
 *   → db (with redis and the sibling bus) → lib/core, the ground floor.
 * Type-only imports count too: a type pulled from a higher floor is still a dependency.
 */
const DOMAIN =
  'items|schema|auth|access|services|snapshot|settings|logs|activity|events|mail|utils|server|runtime|mcp|versions|workflows|realtime';
const BINDING = '^lib/(?!http/)[a-z/-]*/http[.]ts$';

module.exports = {
  forbidden: [
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
