// electron-builder cannot package here (no Electron binary), but its configuration is checked
// offline with electron-builder's own schema validation, and the fuses are asserted.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { load } from 'js-yaml';

const ROOT = resolve(__dirname, '../../..');
const configPath = join(ROOT, 'electron-builder.yml');
const config = load(readFileSync(configPath, 'utf8')) as Record<string, unknown>;

async function validate(cfg: unknown): Promise<void> {
  const mod = (await import(
    join(ROOT, 'node_modules/app-builder-lib/out/util/config/config.js')
  )) as {
    validateConfiguration(c: unknown, logger: { isEnabled: boolean; add(): void }): Promise<void>;
  };
  await mod.validateConfiguration(cfg, { isEnabled: false, add() {} });
}

describe('electron-builder.yml', () => {
  it('passes electron-builder’s own schema validation', async () => {
    await expect(validate(config)).resolves.toBeUndefined();
  });

  it('is rejected with the key named when it has an unknown key', async () => {
    await expect(validate({ ...config, notARealOption: true })).rejects.toThrow(/notARealOption/);
    await expect(
      validate({ ...config, linux: { ...(config.linux as object), tagret: ['deb'] } }),
    ).rejects.toThrow(/configuration\.linux/);
  });

  it('makes the electron-builder command itself stop at an unknown key', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lena-eb-'));
    try {
      const bad = join(dir, 'bad.yml');
      writeFileSync(bad, readFileSync(configPath, 'utf8') + '\nbogusTopLevelKey: 1\n');
      const r = spawnSync(
        join(ROOT, 'node_modules/.bin/electron-builder'),
        ['--config', bad, '--dir', '--linux'],
        {
          cwd: ROOT,
          encoding: 'utf8',
          timeout: 120_000,
          env: { ...process.env, CI: 'true' },
        },
      );
      expect(r.status).not.toBe(0);
      expect(r.stdout + r.stderr).toMatch(/bogusTopLevelKey/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('builds the targets for each platform with asar on and only runtime files', () => {
    expect(config.appId).toBe('dev.lena.app');
    expect(config.productName).toBe('Lena');
    expect(config.asar).toBe(true);
    expect((config.linux as { target: string[] }).target).toEqual(['AppImage', 'deb']);
    expect((config.mac as { target: string[] }).target).toEqual(['dmg']);
    expect((config.win as { target: string[] }).target).toEqual(['nsis']);
    expect((config.mac as { hardenedRuntime: boolean }).hardenedRuntime).toBe(true);
    expect(config.files).toContain('out/**/*');
    expect((config.files as string[]).some((f) => f.includes('renderer/') || f === '**/*')).toBe(
      false,
    );
  });

  it('associates MCP bundles (.mcpb, and .dxt, their old name) with Lena', () => {
    const associations = config.fileAssociations as { ext: string; role: string }[];
    expect(associations.map((a) => [a.ext, a.role])).toEqual([
      ['mcpb', 'Viewer'],
      ['dxt', 'Viewer'],
    ]);
  });

  it('sets the fuses of a packaged build: no run-as-node, no NODE_OPTIONS, no inspect, asar only', () => {
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableCookieEncryption: true,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
    });
  });

  it('unpacks the sandbox library and every package it imports, so its helpers can run', () => {
    const unpack = (config.asarUnpack as string[]) ?? [];
    const closure = new Set<string>();
    const visit = (name: string, from: string) => {
      let dir = from;
      while (!existsSync(join(dir, 'node_modules', name, 'package.json'))) dir = dirname(dir);
      const at = join(dir, 'node_modules', name);
      if (dir === ROOT) closure.add(name); // nested copies travel inside their parent's folder
      const pkg = JSON.parse(readFileSync(join(at, 'package.json'), 'utf8')) as {
        dependencies?: Record<string, string>;
      };
      for (const dep of Object.keys(pkg.dependencies ?? {})) visit(dep, at);
    };
    visit('@anthropic-ai/sandbox-runtime', ROOT);
    expect(closure.size).toBeGreaterThan(1);
    for (const name of closure) expect(unpack).toContain(`node_modules/${name}/**`);
  });

  it('keeps everything the renderer bundles out of the runtime dependencies', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    for (const name of ['react', 'react-dom', 'zustand', 'react-markdown', 'electron', 'vite']) {
      expect(pkg.dependencies[name]).toBeUndefined();
    }
    expect(pkg.devDependencies.react).toBeDefined();
  });
});
