// Lint keeps the layers honest (DESIGN.md): core and cli never import electron; the renderer
// imports neither node: modules nor electron; raw ipcRenderer only in the preload.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const nodeBuiltins = ['node:*', 'fs', 'path', 'os', 'child_process', 'net', 'http', 'https', 'crypto', 'stream', 'url', 'util'];

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'test-results/**'] },
  {
    files: ['scripts/**/*.mjs', '*.mjs', 'test/**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', Buffer: 'readonly', URL: 'readonly' } },
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['electron/core/**/*.ts', 'electron/cli/**/*.ts', 'shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'electron/core, electron/cli and shared run under plain Node: never import electron here.' }],
          patterns: [{ group: ['electron/*'], message: 'Never import electron here.' }],
        },
      ],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'electron', message: 'The renderer knows nothing of Electron: go through renderer/host.ts.' },
            ...nodeBuiltins.filter((n) => !n.includes('*')).map((name) => ({ name, message: 'No Node modules in the renderer.' })),
          ],
          patterns: [
            { group: ['node:*'], message: 'No node: imports in the renderer.' },
            { group: ['**/electron/*', '**/electron/**'], message: 'The renderer imports only shared/ code, never electron/ (main, preload or core).' },
          ],
        },
      ],
    },
  },
  {
    files: ['electron/main/**/*.ts', 'electron/core/**/*.ts', 'electron/cli/**/*.ts', 'renderer/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "Identifier[name='ipcRenderer']", message: 'Raw ipcRenderer belongs only in electron/preload.' },
      ],
    },
  },
);
