import boundaries from 'eslint-plugin-boundaries';

// The API's layers run one way: entry (main, boot, cli) → server → platform | modules → core → db.
// Features depend on each other one way too, in the order below (lowest first): a feature may use
// a feature of an EARLIER tier, never one of its own tier or a later one, and only through that
// feature's index.ts. A platform feature may also use any module (through its index.ts). A new
// feature goes into the tier just above the highest one it uses (docs/architecture.md lists the
// same tiers, and a test keeps the two the same). Tests and the test kit may import anything.
export const MODULE_TIERS = [
  ['audit'],
  ['accounts'],
  ['vendors', 'budgets'],
  ['journal'],
  ['reports', 'assessments', 'attachments', 'investments', 'actuals'],
  ['units'],
  ['payments'],
  ['invoices', 'banking'],
  ['periods'],
  ['dashboard'],
  ['reserves'],
  ['capital-projects'],
  ['payables'],
  ['forecast', 'documents'],
  ['ai-planning', 'scenarios', 'owner-portal'],
  ['owner-statements', 'online-payments'],
  ['autopay'],
];
export const PLATFORM_TIERS = [
  ['users'],
  ['admin'],
  ['sessions', 'api-tokens', 'ideas', 'support', 'tenant-health', 'automation'],
  ['mfa', 'passkeys', 'sso'],
  ['organizations', 'onboarding-checklist'],
  ['sign-in'],
  ['onboarding'],
  ['admin-organizations'],
  ['billing'],
];

const layer = (type) => ({ element: { type } });

// For each tier: its features may use the features of the earlier tiers, through their index.ts.
const tierPolicies = (type, tiers) =>
  tiers.slice(1).map((tier, i) => ({
    from: { element: { type, captured: { name: tier } } },
    allow: {
      to: {
        element: {
          type,
          captured: { name: tiers.slice(0, i + 1).flat() },
          fileInternalPath: 'index.ts',
        },
      },
    },
  }));
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
      { type: 'entry', pattern: 'api/src/{main,boot,jobs}.ts', mode: 'full' },
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
        message:
          "{{from.path}} may not import {{to.path}}: the API depends one way (entry → server → platform | modules → core → db), and a feature uses only an earlier tier's feature, through its index.ts (the tiers: eslint/api-layers.js, docs/architecture.md)",
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
          // Another module: an earlier tier's, through its index.ts only. Entity files are listed
          // by the registry.
          ...tierPolicies('module', MODULE_TIERS),
          {
            from: layer('module'),
            allow: { to: { element: { types: { anyOf: ['config', 'core', 'db'] } } } },
          },
          {
            from: layer('platform'),
            allow: { to: { element: { type: 'module', fileInternalPath: 'index.ts' } } },
          },
          // Another platform feature: an earlier tier's, through its index.ts only.
          ...tierPolicies('platform', PLATFORM_TIERS),
          {
            from: layer('platform'),
            allow: { to: { element: { types: { anyOf: ['config', 'core', 'db'] } } } },
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
