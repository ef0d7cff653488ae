// The open folder has one owner, the host's project service: the window's project:open and the
// shell's menu, dock and command line all go through it; it takes the real path, remembers the
// recent folders in recent-folders.json and opens the last one again at the next start.
import {
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AppNotice, LogEntry } from '../../../../shared/app-types';
import type { ProjectView } from '../../../../shared/settings-types';
import {
  canonicalFolder,
  ProjectFolderError,
  RecentProjects,
} from '../../../../electron/core/host/recent-projects';
import { startHost, tempHome } from './host-harness';

function place(): { dir: string; folder: (name: string) => string; file: string } {
  const dir = realpathSync(tempHome('lena-recent-')); // macOS's tmpdir is a symlink
  return {
    dir,
    file: join(dir, 'recent-folders.json'),
    folder: (name) => {
      const path = join(dir, name);
      mkdirSync(path, { recursive: true });
      return path;
    },
  };
}

describe('RecentProjects', () => {
  it('keeps at most 10 recent folders, newest first, without duplicates, and restores them', async () => {
    const { file, folder, dir } = place();
    const recent = new RecentProjects(file);
    for (let i = 0; i < 12; i++) await recent.opened(folder(`p${i}`));
    await recent.opened(join(dir, 'p5'));
    const restored = await new RecentProjects(file).restore();
    expect(restored.folder).toBe(join(dir, 'p5'));
    expect(restored.recent.map((f) => f.slice(dir.length + 1))).toEqual([
      'p5',
      'p11',
      'p10',
      'p9',
      'p8',
      'p7',
      'p6',
      'p4',
      'p3',
      'p2',
    ]);
  });

  it('drops folders that no longer exist when restoring, and clears all but the open one', async () => {
    const { file, folder, dir } = place();
    const recent = new RecentProjects(file);
    await recent.opened(folder('kept'));
    await recent.opened(folder('gone'));
    rmSync(join(dir, 'gone'), { recursive: true });
    const next = new RecentProjects(file);
    expect(await next.restore()).toEqual({ folder: null, recent: [join(dir, 'kept')] });
    await next.opened(folder('b'));
    await next.clear();
    expect(next.snapshot).toEqual({ folder: join(dir, 'b'), recent: [join(dir, 'b')] });
  });

  it('starts empty from a damaged file, keeps it aside, and writes a new one on the next change', async () => {
    const { file, folder, dir } = place();
    writeFileSync(file, '{"folder": ');
    const notices: string[] = [];
    const recent = new RecentProjects(file, { notice: (m) => notices.push(m) });
    expect(await recent.restore()).toEqual({ folder: null, recent: [] });
    expect(notices).toEqual([expect.stringMatching(/line 1.*moved to .*\.corrupt-/)]);
    await recent.opened(folder('a'));
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      folder: join(dir, 'a'),
      recent: [join(dir, 'a')],
    });
    const aside = readdirSync(dirname(file)).filter((f) =>
      f.startsWith(`${basename(file)}.corrupt-`),
    );
    expect(aside.map((f) => readFileSync(join(dirname(file), f), 'utf8'))).toEqual(['{"folder": ']);
  });

  it('a folder is its real path; a file or a missing path is refused with what to do', async () => {
    const { folder, dir } = place();
    const a = folder('a');
    symlinkSync(a, join(dir, 'link'));
    expect(await canonicalFolder(`${a}/`)).toBe(a);
    expect(await canonicalFolder(join(dir, 'link'))).toBe(a);
    writeFileSync(join(dir, 'file.txt'), 'x');
    await expect(canonicalFolder(join(dir, 'file.txt'))).rejects.toThrow(ProjectFolderError);
    await expect(canonicalFolder(join(dir, 'missing'))).rejects.toThrow(
      /does not exist\. Choose an existing folder/,
    );
  });
});

describe('the host owns the open folder', () => {
  it('opens the launch folder over the remembered one, remembers it, and opens the last one at the next start', async () => {
    const { dir, folder } = place();
    const home = join(dir, 'home');
    const [old, next] = [folder('old'), folder('new')];
    const first = startHost(home, { rememberProjects: true, projectFolder: `${old}/` });
    expect(await first.call<ProjectView>('project:get')).toMatchObject({
      folder: old,
      recent: [old],
    });
    await first.close();

    const second = startHost(home, { rememberProjects: true });
    expect((await second.call<ProjectView>('project:get')).folder).toBe(old);
    await second.close();

    const logged: LogEntry[] = [];
    const third = startHost(home, { rememberProjects: true, projectFolder: join(dir, 'nope') });
    third.host.events.forward((name, payload) => {
      if (name === 'app:logged') logged.push(payload as LogEntry);
    });
    expect((await third.call<ProjectView>('project:get')).folder).toBe(old);
    expect(logged.map((l) => l.message)).toContainEqual(expect.stringContaining('does not exist'));
    expect(await third.host.openProject(next)).toMatchObject({ folder: next, recent: [next, old] });
    await third.close();
    expect(JSON.parse(readFileSync(join(home, 'recent-folders.json'), 'utf8'))).toEqual({
      folder: next,
      recent: [next, old],
    });
  });

  it('the menu and the window open the same way: real path, refused non-folders, one switch per folder, Clear Recent', async () => {
    const { dir, folder } = place();
    const a = folder('a');
    symlinkSync(a, join(dir, 'link'));
    writeFileSync(join(dir, 'file.txt'), 'x');
    const h = startHost(join(dir, 'home'), { rememberProjects: true });
    const changes: ProjectView[] = [];
    h.host.events.forward((name, payload) => {
      if (name === 'project:changed') changes.push(payload as ProjectView);
    });
    const services = await h.host.services();
    let restarts = 0;
    const setProjectDir = services.servers.setProjectDir.bind(services.servers);
    services.servers.setProjectDir = async (next) => {
      restarts += 1;
      return setProjectDir(next);
    };
    expect((await h.host.openProject(join(dir, 'link'))).folder).toBe(a);
    expect((await h.call<ProjectView>('project:open', { folder: `${a}/` })).folder).toBe(a);
    const refused = await h.dispatch('project:open', { folder: join(dir, 'file.txt') });
    expect(refused).toMatchObject({
      ok: false,
      error: { code: 'invalid-arguments', message: expect.stringContaining('is not a folder') },
    });
    await expect(h.host.openProject(join(dir, 'missing'))).rejects.toThrow(ProjectFolderError);
    expect(restarts).toBe(1);
    const b = folder('b');
    await h.host.openProject(b);
    expect(await h.host.clearRecentProjects()).toMatchObject({ folder: b, recent: [b] });
    expect(changes.map((c) => [c.folder, c.recent.length])).toEqual([
      [a, 1],
      [a, 1],
      [b, 2],
      [b, 1],
    ]);
  });

  it('a damaged recent-folders.json is kept aside and said at start-up', async () => {
    const { dir } = place();
    const home = join(dir, 'home');
    mkdirSync(home, { recursive: true });
    writeFileSync(join(home, 'recent-folders.json'), '{"folder": "/somewhere", "recent": [');
    const h = startHost(home, { rememberProjects: true });
    expect(await h.call<AppNotice[]>('app:notices')).toContainEqual({
      level: 'warn',
      message: expect.stringMatching(/recent-folders\.json is not valid JSON.*moved to/),
    });
    expect((await h.call<ProjectView>('project:get')).folder).toBeNull();
  });
});
