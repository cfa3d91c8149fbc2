// ESLint for the JavaScript of the pages (src/web/) and its tests (tests/js/). CI runs it
// (`npx eslint --max-warnings 0 .`) at the version package-lock.json pins. The pages are
// plain scripts inlined one after the other into one <script>, so the checks that matter
// most are about names: one undefined, unused or declared twice is a mistake the browser
// finds only when that line runs.
'use strict';

const js = require('@eslint/js');
const globals = require('globals');

// Stricter than the recommended set where a slip would still run but do the wrong thing.
const rules = {
  ...js.configs.recommended.rules,
  'no-unused-vars': ['error', { vars: 'all', args: 'after-used', caughtErrors: 'none' }],
  'no-redeclare': ['error', { builtinGlobals: true }],
  'no-shadow': ['error', { builtinGlobals: false, hoist: 'functions' }],
  'no-use-before-define': ['error', { functions: false, classes: true, variables: false }],
  'block-scoped-var': 'error',
  eqeqeq: ['error', 'always'],
  'no-implicit-coercion': ['error', { boolean: false, number: false, string: false, disallowTemplateShorthand: true }],
  'no-self-compare': 'error',
  'no-unmodified-loop-condition': 'error',
  'no-unreachable-loop': 'error',
  'no-template-curly-in-string': 'error',
  'array-callback-return': 'error',
  'no-throw-literal': 'error',
  'no-new-wrappers': 'error',
  'no-eval': 'error',
  'no-implied-eval': 'error',
  'no-caller': 'error',
  'no-extend-native': 'error',
  'no-sequences': 'error',
  'no-return-assign': ['error', 'always'],
  'no-useless-concat': 'error',
  'no-lone-blocks': 'error',
  'consistent-return': 'error',
  'default-case-last': 'error',
  radix: 'error',
  strict: ['error', 'safe'],
};

module.exports = [
  { ignores: ['node_modules/', 'target/', 'fuzz/'] },
  {
    // The pages' scripts: ES5 as browsers have long run it, in the global scope of the page.
    files: ['src/web/**/*.js'],
    languageOptions: {
      ecmaVersion: 5,
      sourceType: 'script',
      globals: { ...globals.browser },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: { ...rules, strict: 'off' },
  },
  {
    // The files of pure functions: nothing of the browser, and `module` only to be loaded
    // by node's tests.
    files: ['src/web/*-lib.js'],
    languageOptions: {
      globals: { module: 'writable' },
    },
    rules: { strict: ['error', 'function'] },
  },
  {
    files: ['src/web/viewer.js'],
    languageOptions: { globals: { ViewerLib: 'readonly' } },
  },
  {
    // COLOURS is written by the page around the script (the players' colours, from Rust).
    files: ['src/web/table.js'],
    languageOptions: { globals: { TableLib: 'readonly', COLOURS: 'readonly' } },
  },
  {
    files: ['tests/js/**/*.js', 'eslint.config.js'],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'commonjs',
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules,
  },
];
