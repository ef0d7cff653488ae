import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseLaunchArgs } from '../../../../electron/core/desktop/launch-args';

const root = mkdtempSync(join(tmpdir(), 'lena-launch-'));
const project = join(root, 'project');
const other = join(root, 'other');
mkdirSync(project);
mkdirSync(other);
writeFileSync(join(root, 'notes.txt'), 'x');
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('parseLaunchArgs', () => {
  it('opens a folder given relative to the launching process’s own directory', () => {
    const r = parseLaunchArgs(['/opt/Lena/lena', 'project'], root);
    expect(r.projectFolder).toBe(project);
  });

  it('ignores Electron and Chromium switches, including ones that look like paths', () => {
    const argv = [
      '/opt/Lena/lena',
      '--allow-file-access-from-files',
      '--original-process-start-time=13370000000',
      `--user-data-dir=${other}`,
      '-psn_0_12345',
      project,
    ];
    expect(parseLaunchArgs(argv, '/').projectFolder).toBe(project);
    expect(parseLaunchArgs(['/opt/Lena/lena', '--inspect'], root).projectFolder).toBeUndefined();
  });

  it('skips the app path of an unpackaged app (electron . folder)', () => {
    expect(
      parseLaunchArgs(['/x/electron', '.'], root, { isDefaultApp: true }).projectFolder,
    ).toBeUndefined();
    expect(
      parseLaunchArgs(['/x/electron', '.', 'other'], root, { isDefaultApp: true }).projectFolder,
    ).toBe(other);
  });

  it('refuses files and missing paths, and says why', () => {
    const r = parseLaunchArgs(['/opt/Lena/lena', 'notes.txt', 'missing'], root);
    expect(r.projectFolder).toBeUndefined();
    expect(r.ignored.map((i) => i.reason)).toEqual([
      `${join(root, 'notes.txt')} is not a folder`,
      `${join(root, 'missing')} does not exist`,
    ]);
  });

  it('takes a dash-named folder after --', () => {
    mkdirSync(join(root, '-dash'));
    expect(parseLaunchArgs(['/opt/Lena/lena', '--', '-dash'], root).projectFolder).toBe(
      join(root, '-dash'),
    );
  });
});

describe('parseLaunchArgs with bundles', () => {
  it('opens bundle files (a double-click) beside a folder; a missing one is ignored with why', () => {
    writeFileSync(join(root, 'weather.mcpb'), 'zip');
    writeFileSync(join(root, 'old.DXT'), 'zip');
    const r = parseLaunchArgs(
      ['/opt/Lena/lena', 'weather.mcpb', 'project', 'old.DXT', 'gone.mcpb'],
      root,
    );
    expect(r.bundles).toEqual([join(root, 'weather.mcpb'), join(root, 'old.DXT')]);
    expect(r.projectFolder).toBe(project);
    expect(r.ignored).toEqual([
      { arg: 'gone.mcpb', reason: `${join(root, 'gone.mcpb')} does not exist` },
    ]);
  });
});
