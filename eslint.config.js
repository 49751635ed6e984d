import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '.data/**', 'coverage/**', 'bench/results/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/customer/**/*.{ts,tsx}', 'apps/staff/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // One saga shape (ADR 015, docs/workflows.md): a workflow's undo is declared beside its step and
    // run by engine/saga.ts, never by hand in a catch; flows reach DBOS only through the engine.
    files: ['services/orchestration/src/flows/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CatchClause CallExpression[callee.name=/^(undo|compensate|rollback|moveBack|putBack|giveBack|unplan)/i]',
          message:
            'Undo work through the saga (engine/saga.ts): declare the undo beside its step, not in a catch.',
        },
        {
          selector: "NewExpression[callee.name='Saga']",
          message: 'Start a saga with saga() from engine/saga.ts.',
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@dbos-inc/dbos-sdk',
              message:
                'Workflows reach DBOS through the engine: engine/engine.ts, engine/saga.ts, engine/progress.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    // Command-line tools print to the terminal on purpose.
    files: ['scripts/**', 'bench/**', 'services/*/scripts/**', 'e2e/**'],
    rules: { 'no-console': 'off' },
  },
);
