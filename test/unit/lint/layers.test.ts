// The lint rules that keep the layers honest (DESIGN.md): these fail if a rule is dropped.
import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../../..');
// The files linted here do not exist, so the type-aware rules (which need them in the TypeScript
// project) are off for them; `typed` lints the text of a real file with every rule.
const eslint = new ESLint({
  cwd: ROOT,
  overrideConfig: {
    languageOptions: { parserOptions: { projectService: false } },
    rules: { '@typescript-eslint/no-floating-promises': 'off' },
  },
});
const typed = new ESLint({ cwd: ROOT });

async function lint(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(ROOT, file) });
  return result.messages.map((m) => m.message);
}

describe('layering lint rules', () => {
  it.each(['electron/core/mcp/x.ts', 'electron/cli/x.ts', 'shared/x.ts'])(
    'rejects an electron import in %s',
    async (file) => {
      const messages = await lint(file, "import { app } from 'electron';\nexport const a = app;\n");
      expect(messages.join('\n')).toMatch(/never import electron/i);
    },
  );

  it('keeps shared/ free of electron/ and renderer/ imports', async () => {
    const core = await lint(
      'shared/x.ts',
      "import { ChatEngine } from '../electron/core/chat/engine';\nexport const e = ChatEngine;\n",
    );
    expect(core.join('\n')).toMatch(/may not import electron\/ or renderer\//);
    const window = await lint(
      'shared/config/x.ts',
      "import { host } from '../../renderer/host';\nexport const h = host;\n",
    );
    expect(window.join('\n')).toMatch(/may not import electron\/ or renderer\//);
    expect(
      await lint('shared/x.ts', "import { ok } from './result';\nexport const o = ok;\n"),
    ).toEqual([]);
  });

  it('rejects node: imports and Node modules in the renderer', async () => {
    expect(
      (
        await lint(
          'renderer/x.ts',
          "import { readFileSync } from 'node:fs';\nexport const r = readFileSync;\n",
        )
      ).join('\n'),
    ).toMatch(/No node: imports/);
    expect(
      (await lint('renderer/x.tsx', "import fs from 'fs';\nexport const r = fs;\n")).join('\n'),
    ).toMatch(/No Node modules/);
    expect(
      (
        await lint(
          'renderer/x.ts',
          "import { ipcRenderer } from 'electron';\nexport const r = ipcRenderer;\n",
        )
      ).join('\n'),
    ).toMatch(/knows nothing of Electron/);
  });

  it('keeps the renderer out of electron/ (core, main, preload): shared code lives in shared/', async () => {
    expect(
      (
        await lint(
          'renderer/lib/x.ts',
          "import { ChatEngine } from '../../electron/core/chat/engine';\nexport const e = ChatEngine;\n",
        )
      ).join('\n'),
    ).toMatch(/imports only shared/);
    expect(
      await lint(
        'renderer/lib/x.ts',
        "import { validateServerEntry } from '../../shared/config/server-entry-schema';\nexport const v = validateServerEntry;\n",
      ),
    ).toEqual([]);
  });

  it('allows raw ipcRenderer only in the preload', async () => {
    expect(
      (
        await lint(
          'electron/main/x.ts',
          'declare const ipcRenderer: unknown;\nexport const r = ipcRenderer;\n',
        )
      ).join('\n'),
    ).toMatch(/only in electron\/preload/);
    expect(
      await lint(
        'electron/preload/x.ts',
        "import { ipcRenderer } from 'electron';\nexport const r = ipcRenderer;\n",
      ),
    ).toEqual([]);
  });

  it('lets core use Node built-ins', async () => {
    expect(
      await lint(
        'electron/core/x.ts',
        "import { readFileSync } from 'node:fs';\nexport const r = readFileSync;\n",
      ),
    ).toEqual([]);
  });

  describe("core's folders in layers (base ← store, mcp ← permissions ← chat ← host ← desktop, cli)", () => {
    it('rejects an upward import and a sibling import', async () => {
      expect(
        (
          await lint(
            'electron/core/store/x.ts',
            "import { decide } from '../permissions/gate';\nexport const d = decide;\n",
          )
        ).join('\n'),
      ).toMatch(/store may not import permissions .*sits above store/);
      expect(
        (
          await lint(
            'electron/core/mcp/config/x.ts',
            "import { SettingsStore } from '../../store/settings';\nexport const s = SettingsStore;\n",
          )
        ).join('\n'),
      ).toMatch(/mcp may not import its sibling store/);
      expect(
        (
          await lint('electron/core/base/x.ts', "export { APP_VERSION } from '../host/runtime';\n")
        ).join('\n'),
      ).toMatch(/base may not import host/);
      expect(
        (
          await lint(
            'electron/cli/x.ts',
            "import { createDesktopServices } from '../core/desktop/desktop-services';\nexport const c = createDesktopServices;\n",
          )
        ).join('\n'),
      ).toMatch(/cli may not import its sibling desktop/);
    });

    it('lets a folder import the levels below it, core root files and shared/, and resolves names by path', async () => {
      expect(
        await lint(
          'electron/core/chat/x.ts',
          "import { decide } from '../permissions/gate';\nimport { APP_VERSION } from '../version';\nimport { ok } from '../../../shared/result';\nexport const a = [decide, APP_VERSION, ok];\n",
        ),
      ).toEqual([]);
      // mcp/auth/store.ts is mcp's own file, not the store folder.
      expect(
        await lint(
          'electron/core/mcp/auth/x.ts',
          "import { MemoryAuthStore } from './store';\nexport const m = MemoryAuthStore;\n",
        ),
      ).toEqual([]);
      // The process records the window and the command line share sit in base, below both.
      expect(
        await lint(
          'electron/cli/context.ts',
          "import { ProcessRecords } from '../core/base/process-records';\nexport const p = ProcessRecords;\n",
        ),
      ).toEqual([]);
    });

    it('keeps Node modules out of shared/', async () => {
      expect(
        (
          await lint(
            'shared/x.ts',
            "import { readFileSync } from 'node:fs';\nexport const r = readFileSync;\n",
          )
        ).join('\n'),
      ).toMatch(/shared\/ runs in the window too/);
      expect(
        (await lint('shared/x.ts', "import { join } from 'path';\nexport const j = join;\n")).join(
          '\n',
        ),
      ).toMatch(/shared\/ runs in the window too/);
    });
  });

  it('rejects a floating promise in electron/ (type-aware: it knows the call returns a promise)', async () => {
    const [result] = await typed.lintText(
      "async function save(): Promise<void> {}\nsave();\nvoid save();\nexport const APP_NAME = 'Lena';\n",
      { filePath: resolve(ROOT, 'electron/core/version.ts') },
    );
    expect(result.messages.map((m) => `${m.line}: ${m.ruleId}`)).toEqual([
      '2: @typescript-eslint/no-floating-promises',
    ]);
  }, 120_000); // loading the TypeScript project is slow on a busy machine; nothing here is timed
});
