import boundaries from 'eslint-plugin-boundaries';

// The API's layers run one way: entry (main, boot, cli) → server → platform | modules → core → db.
// A module (or the platform) reaches another module only through that module's index.ts.
// Tests and the test kit may import anything.
const layer = (type) => ({ element: { type } });
export default {
  files: ['api/src/**/*.ts'],
  ignores: ['api/src/**/*.test.ts', 'api/src/test/**'],
  plugins: { boundaries },
  settings: {
    'import/resolver': { typescript: { project: 'api/tsconfig.check.json' } },
    'boundaries/include': ['api/src/**/*.ts'],
    // Single files (main, boot, config…) are elements of their own: v7 still reads `mode: 'full'`
    // for that and only warns that the option is old.
    'boundaries/legacy-warnings': false,
    'boundaries/elements': [
      { type: 'entry', pattern: 'api/src/{main,boot}.ts', mode: 'full' },
      { type: 'entry', pattern: 'api/src/cli/*.ts', mode: 'full' },
      { type: 'config', pattern: 'api/src/{config,paths}.ts', mode: 'full' },
      { type: 'test', pattern: 'api/src/test/**', mode: 'full' },
      { type: 'server', pattern: 'api/src/server' },
      { type: 'registry', pattern: 'api/src/{modules,platform}/entities.ts', mode: 'full' },
      { type: 'module', pattern: 'api/src/modules/*', capture: ['name'] },
      { type: 'platform', pattern: 'api/src/platform/*', capture: ['name'] },
      { type: 'core', pattern: 'api/src/core' },
      { type: 'db', pattern: 'api/src/db' },
    ],
  },
  rules: {
    'boundaries/dependencies': [
      'error',
      {
        default: 'disallow',
        policies: [
          {
            from: layer('entry'),
            allow: {
              to: {
                element: {
                  types: {
                    anyOf: [
                      'entry',
                      'config',
                      'server',
                      'registry',
                      'module',
                      'platform',
                      'core',
                      'db',
                    ],
                  },
                },
              },
            },
          },
          {
            from: layer('server'),
            allow: {
              to: {
                element: {
                  types: { anyOf: ['config', 'registry', 'module', 'platform', 'core', 'db'] },
                },
              },
            },
          },
          {
            from: layer('registry'),
            allow: { to: { element: { types: { anyOf: ['module', 'platform'] } } } },
          },
          // Another module: its index.ts only. Entity files are listed by the registry.
          {
            from: layer('module'),
            allow: { to: { element: { type: 'module', fileInternalPath: 'index.ts' } } },
          },
          {
            from: layer('module'),
            allow: { to: { element: { types: { anyOf: ['config', 'core', 'db'] } } } },
          },
          {
            from: layer('platform'),
            allow: { to: { element: { type: 'module', fileInternalPath: 'index.ts' } } },
          },
          {
            from: layer('platform'),
            allow: { to: { element: { types: { anyOf: ['platform', 'config', 'core', 'db'] } } } },
          },
          {
            from: layer('core'),
            allow: { to: { element: { types: { anyOf: ['config', 'db'] } } } },
          },
          { from: layer('db'), allow: { to: { element: { types: { anyOf: ['config'] } } } } },
        ],
      },
    ],
  },
};
