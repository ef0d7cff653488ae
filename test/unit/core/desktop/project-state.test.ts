import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ProjectFolderError,
  ProjectState,
  windowTitle,
} from '../../../../electron/core/desktop/project-state';

let dir: string;
let file: string;
const folder = (name: string) => {
  const path = join(dir, name);
  mkdirSync(path, { recursive: true });
  return path;
};

beforeEach(() => {
  dir = realpathSync(mkdtempSync(join(tmpdir(), 'lena-project-'))); // macOS's tmpdir is a symlink
  file = join(dir, 'recent-folders.json');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function withListener() {
  const changes: (string | null)[] = [];
  const state = new ProjectState(file, {
    listener: { onProjectChanged: (f) => void changes.push(f) },
  });
  return { state, changes };
}

describe('ProjectState', () => {
  it('restores the last folder and the recent list on the next start', async () => {
    const { state } = withListener();
    await state.open(folder('a'));
    await state.open(folder('b'));
    const next = new ProjectState(file);
    expect(await next.restore()).toEqual({
      folder: join(dir, 'b'),
      recent: [join(dir, 'b'), join(dir, 'a')],
    });
  });

  it('tells the listener only when the folder really changes (so servers restart only then)', async () => {
    const { state, changes } = withListener();
    await state.open(folder('a'));
    await state.open(join(dir, 'a') + '/');
    symlinkSync(join(dir, 'a'), join(dir, 'link'));
    await state.open(join(dir, 'link'));
    await state.open(folder('b'));
    await state.open(null);
    expect(changes).toEqual([join(dir, 'a'), join(dir, 'b'), null]);
    expect(state.snapshot.recent).toEqual([join(dir, 'b'), join(dir, 'a')]);
  });

  it('keeps at most 10 recent folders, newest first, without duplicates', async () => {
    const { state } = withListener();
    for (let i = 0; i < 12; i++) await state.open(folder(`p${i}`));
    await state.open(join(dir, 'p5'));
    const recent = state.snapshot.recent.map((f) => f.slice(dir.length + 1));
    expect(recent).toEqual(['p5', 'p11', 'p10', 'p9', 'p8', 'p7', 'p6', 'p4', 'p3', 'p2']);
  });

  it('drops folders that no longer exist when restoring', async () => {
    const { state } = withListener();
    await state.open(folder('kept'));
    await state.open(folder('gone'));
    rmSync(join(dir, 'gone'), { recursive: true });
    expect(await new ProjectState(file).restore()).toEqual({
      folder: null,
      recent: [join(dir, 'kept')],
    });
  });

  it('refuses files and missing paths with what to do, and changes nothing', async () => {
    const { state, changes } = withListener();
    await state.open(folder('a'));
    writeFileSync(join(dir, 'file.txt'), 'x');
    await expect(state.open(join(dir, 'file.txt'))).rejects.toThrow(ProjectFolderError);
    await expect(state.open(join(dir, 'missing'))).rejects.toThrow(
      /does not exist\. Choose an existing folder/,
    );
    expect(state.snapshot.folder).toBe(join(dir, 'a'));
    expect(changes).toHaveLength(1);
  });

  it('starts empty from a damaged file, keeps it aside, and writes a new one on the next change', async () => {
    writeFileSync(file, '{"folder": ');
    const notices: string[] = [];
    const state = new ProjectState(file, { notice: (m) => notices.push(m) });
    expect(await state.restore()).toEqual({ folder: null, recent: [] });
    expect(notices).toEqual([expect.stringMatching(/line 1.*moved to .*\.corrupt-/)]);
    await state.open(folder('a'));
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      folder: join(dir, 'a'),
      recent: [join(dir, 'a')],
    });
    const aside = readdirSync(dirname(file)).filter((f) =>
      f.startsWith(`${basename(file)}.corrupt-`),
    );
    expect(aside.map((f) => readFileSync(join(dirname(file), f), 'utf8'))).toEqual(['{"folder": ']);
  });

  it('clears the recent list but keeps the open folder', async () => {
    const { state } = withListener();
    await state.open(folder('a'));
    await state.open(folder('b'));
    expect(await state.clearRecent()).toEqual({ folder: join(dir, 'b'), recent: [join(dir, 'b')] });
  });

  it('tells subscribers (menu, title) of every change, recent list included', async () => {
    const state = new ProjectState(file);
    const seen: (string | null)[] = [];
    const stop = state.subscribe((s) => seen.push(s.folder));
    await state.open(folder('a'));
    await state.clearRecent();
    stop();
    await state.open(folder('b'));
    expect(seen).toEqual([join(dir, 'a'), join(dir, 'a')]);
  });
});

describe('windowTitle', () => {
  it('shows the project folder’s name, or just Lena', () => {
    expect(windowTitle('/home/ada/work/site')).toBe('site — Lena');
    expect(windowTitle('C:\\Users\\ada\\proj\\')).toBe('proj — Lena');
    expect(windowTitle(null)).toBe('Lena');
  });
});
