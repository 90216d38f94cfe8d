import { fileURLToPath } from 'node:url';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

// No import cycles: a file never reaches itself again through its imports (value imports,
// `export … from` and dynamic `import()` alike). Type-only imports (`import type`, or every name
// marked `type`) are erased at build time and are not followed: a type may name its neighbour.
// Between features the order is kept by the layer rules (api-layers.js, web-boundaries.js), which
// count type imports too.
const tsconfig = (path) => fileURLToPath(new URL(`../${path}`, import.meta.url));

const noCycle = (files, project) => ({
  files,
  plugins: { 'import-x': importX },
  settings: {
    'import-x/resolver-next': [createTypeScriptImportResolver({ project: tsconfig(project) })],
    'import-x/extensions': ['.ts', '.vue', '.js', '.mjs'],
    // Each file's imports are read and resolved once per lint run, however long the run takes.
    'import-x/cache': { lifetime: Infinity },
    'import-x/parsers': {
      '@typescript-eslint/parser': ['.ts'],
      'vue-eslint-parser': ['.vue'],
    },
  },
  rules: {
    // Packages (node_modules) are not followed: they cannot import us back.
    'import-x/no-cycle': ['error', { ignoreExternal: true }],
  },
});

// The web app's block; the layer rules of web-boundaries.js are the web app's own.
const webNoCycles = {
  ...noCycle(['web/src/**/*.{ts,vue}'], 'web/tsconfig.json'),
  // When a .ts file's imports lead to a .vue file, that file is read with the Vue parser, whose
  // <script lang="ts"> needs the TypeScript parser, as the .vue files' own config gives it.
  languageOptions: { parserOptions: { parser: tseslint.parser } },
};

export default [noCycle(['api/src/**/*.ts'], 'api/tsconfig.check.json'), webNoCycles];
