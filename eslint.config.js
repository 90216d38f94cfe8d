import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import vue from 'eslint-plugin-vue';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import apiLayers from './eslint/api-layers.js';
import noCycles from './eslint/no-cycles.js';
import webBoundaries from './eslint/web-boundaries.js';
// House rules in eslint/: the API's layers, the web app's boundaries, and no import cycles.

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...vue.configs['flat/recommended'],
  {
    files: ['**/*.vue'],
    languageOptions: { parserOptions: { parser: tseslint.parser } },
  },
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  apiLayers,
  ...webBoundaries,
  ...noCycles,
  prettier,
);
