import boundaries from 'eslint-plugin-boundaries';

// The web app's boundaries, the same one-way rule as the API's (api-layers.js):
// - a feature (web/src/features/<name>) is used by the others only through its index.ts;
// - the shared parts (apollo, components, composables, layouts, stores, theme and the top-level
//   files) never import a feature: what they need from one is handed in (a slot, a prop, the
//   shell extensions App.vue provides);
// - the router reads each feature's routes.ts (its lazily loaded pages) or its index.ts;
// - the app's entry (main.ts, App.vue, shell-extensions.ts) wires features into the shell,
//   through their index.ts too;
// - nothing imports the API's sources: code both halves use lives in @covenant/shared.
// Tests and the test kit (web/src/test) may import anything, as in the API; e2e journeys are the
// API's test kit's business.
const layer = (type) => ({ element: { type } });
export default [
  {
    files: ['web/src/**/*.ts', 'web/src/**/*.vue'],
    ignores: ['web/src/**/*.test.ts', 'web/src/test/**', 'web/src/e2e/**'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { typescript: { project: 'web/tsconfig.json' } },
      // api/src is listed so that an import of it is an element the rule can refuse.
      'boundaries/include': ['web/src/**/*.ts', 'web/src/**/*.vue', 'api/src/**/*.ts'],
      'boundaries/legacy-warnings': false,
      'boundaries/elements': [
        { type: 'test', pattern: 'web/src/test/**', mode: 'full' },
        { type: 'app', pattern: 'web/src/{main.ts,App.vue,shell-extensions.ts}', mode: 'full' },
        { type: 'router', pattern: 'web/src/router' },
        { type: 'feature', pattern: 'web/src/features/*', capture: ['name'] },
        {
          type: 'shared',
          pattern: 'web/src/{apollo,components,composables,layouts,stores,theme}',
          capture: ['name'],
        },
        { type: 'shared', pattern: 'web/src/*.ts', mode: 'full' },
        { type: 'api', pattern: 'api/src/**', mode: 'full' },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            {
              from: layer('app'),
              allow: { to: { element: { types: { anyOf: ['app', 'router', 'shared'] } } } },
            },
            {
              from: layer('app'),
              allow: { to: { element: { type: 'feature', fileInternalPath: 'index.ts' } } },
            },
            {
              from: layer('router'),
              allow: { to: { element: { types: { anyOf: ['router', 'shared'] } } } },
            },
            // Each feature's routes.ts: its pages, each a lazily loaded chunk.
            {
              from: layer('router'),
              allow: {
                to: { element: { type: 'feature', fileInternalPath: '{index.ts,routes.ts}' } },
              },
            },
            // Another feature: its index.ts only. Within a feature, anything.
            {
              from: layer('feature'),
              allow: { to: { element: { type: 'feature', fileInternalPath: 'index.ts' } } },
            },
            { from: layer('feature'), allow: { to: { element: { type: 'shared' } } } },
            { from: layer('shared'), allow: { to: { element: { type: 'shared' } } } },
          ],
        },
      ],
    },
  },
];
