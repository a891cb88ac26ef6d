// `npm run lint` (part of `npm test`): the rules the compiler does not enforce and that have cost us before: unused
// code, promises nobody awaits or catches (type-aware), and React's rules of hooks. Deliberately not the full
// recommended sets: each rule here is one the whole tree passes, so a new violation is a real finding.
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

const unused = ['error', { args: 'after-used', argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'contrib/**', '.ci/**', 'test/fixtures/**'] },
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts', 'vitest.node.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { '@typescript-eslint': tseslint.plugin, 'react-hooks': reactHooks },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': unused,
      '@typescript-eslint/no-floating-promises': 'error',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['**/*.mjs', '**/*.cjs', '**/*.js'],
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    languageOptions: { ecmaVersion: 'latest', sourceType: 'module' },
    rules: { 'no-unused-vars': unused },
  },
);
