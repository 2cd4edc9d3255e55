// ESLint flat config. Besides the usual TypeScript checks it enforces hexref's layer rules
// (docs/architecture.md) with a small local rule, `hexref/layers`.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { layersRule } from './scripts/eslint-layers.js';

export default tseslint.config(
  { ignores: ['node_modules/**', 'var/**', 'coverage/**', 'dist/**', 'test/fixtures/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.js'],
    languageOptions: { globals: { process: 'readonly', URL: 'readonly', console: 'readonly' } },
  },
  {
    plugins: { hexref: { rules: { layers: layersRule } } },
    rules: {
      'hexref/layers': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Type-aware rules (typescript-eslint's project service reads tsconfig.json): a promise nobody
    // awaits or catches, and a switch over a union that forgets a member, fail lint.
    files: ['**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
    },
  },
  {
    files: ['src/engine/**/*.ts'],
    rules: {
      'no-restricted-globals': ['error', { name: 'Date', message: 'The engine is pure: time comes in through the action.' }],
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'The engine is pure: dice come from the RNG in GameState.' },
      ],
    },
  },
);
