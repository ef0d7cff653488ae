// Lint keeps the layers honest (DESIGN.md): core and cli never import electron; the renderer
// imports neither node: modules nor electron; raw ipcRenderer only in the preload.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import lena from './eslint-rules/layers.mjs';

const nodeBuiltins = [
  'node:*',
  'fs',
  'path',
  'os',
  'child_process',
  'net',
  'http',
  'https',
  'crypto',
  'stream',
  'url',
  'util',
];

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'test-results/**'] },
  {
    files: ['scripts/**/*.mjs', '*.mjs', 'test/**/*.mjs'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        Buffer: 'readonly',
        URL: 'readonly',
      },
    },
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    // A promise nobody awaits loses its rejection (an unhandled rejection, or a silent failure):
    // await it, or mark it handled with `void` and a .catch. Type-aware, so only where it matters.
    files: ['electron/**/*.ts', 'shared/**/*.ts', 'renderer/**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: { '@typescript-eslint/no-floating-promises': 'error' },
  },
  {
    files: ['electron/core/**/*.ts', 'electron/cli/**/*.ts', 'shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'electron',
              message:
                'electron/core, electron/cli and shared run under plain Node: never import electron here.',
            },
          ],
          patterns: [{ group: ['electron/*'], message: 'Never import electron here.' }],
        },
      ],
    },
  },
  {
    // Core's layers (eslint-rules/layers.mjs): a folder imports only the levels below its own.
    files: ['electron/core/**/*.ts', 'electron/cli/**/*.ts', 'shared/**/*.ts'],
    plugins: { lena },
    rules: {
      'lena/layers': [
        'error',
        {
          levels: {
            base: 0,
            security: 0,
            store: 1,
            mcp: 1,
            permissions: 2,
            skills: 2,
            chat: 3,
            host: 4,
            desktop: 5,
            cli: 5,
            install: 2,
            agents: 2,
          },
          // The one allowlist: imports across the layers that are too large to move now. Each entry
          // is a file and the module it may import; remove an entry when its move lands.
          allow: [],
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
            {
              name: 'electron',
              message: 'The renderer knows nothing of Electron: go through renderer/host.ts.',
            },
            ...nodeBuiltins
              .filter((n) => !n.includes('*'))
              .map((name) => ({ name, message: 'No Node modules in the renderer.' })),
          ],
          patterns: [
            { group: ['node:*'], message: 'No node: imports in the renderer.' },
            {
              group: ['**/electron/*', '**/electron/**'],
              message:
                'The renderer imports only shared/ code, never electron/ (main, preload or core).',
            },
          ],
        },
      ],
    },
  },
  {
    files: [
      'electron/main/**/*.ts',
      'electron/core/**/*.ts',
      'electron/cli/**/*.ts',
      'renderer/**/*.{ts,tsx}',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "Identifier[name='ipcRenderer']",
          message: 'Raw ipcRenderer belongs only in electron/preload.',
        },
      ],
    },
  },
);
