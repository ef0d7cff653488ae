// The stores kept as a two-level map in Lena's home (pins, tool baselines, project approvals) are
// one base class with their own rules on top: each reads, sets a corrupt file aside, keeps what
// another process wrote and waits for its writes in the same way.
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BaselineStore } from '../../../../electron/core/permissions/baselines';
import { PinStore } from '../../../../electron/core/permissions/pins';
import { ProjectApprovals } from '../../../../electron/core/permissions/project-approval';
import { TwoLevelFile } from '../../../../electron/core/permissions/two-level-file';
import { tool } from './requests';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lena-two-level-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Each store through its own methods: write the `n`th record, and whether it is there. */
interface Subject<S> {
  file: string;
  open(path: string): Promise<S>;
  write(store: S, n: number): Promise<void>;
  has(store: S, n: number): boolean | Promise<boolean>;
}

const pins: Subject<PinStore> = {
  file: 'pins.json',
  open: (path) => PinStore.open(path),
  write: (store, n) => store.pin('fs', tool(`t${n}`)),
  has: (store, n) => store.check('fs', tool(`t${n}`)).status === 'pinned',
};

const baselines: Subject<BaselineStore> = {
  file: 'tool-baselines.json',
  open: (path) => BaselineStore.open(path),
  write: (store, n) => store.reject('fs', `t${n}`, `h${n}`, new Date(0)),
  has: (store, n) => store.rejected('fs', `t${n}`) === `h${n}`,
};

const approvals: Subject<ProjectApprovals> = {
  file: 'approvals.json',
  open: (path) => ProjectApprovals.open(path),
  write: (store, n) => store.approve(dir, `s${n}`, `h${n}`),
  has: (store, n) => store.isApproved(dir, `s${n}`, `h${n}`),
};

describe.each([
  ['pins', pins],
  ['tool baselines', baselines],
  ['project approvals', approvals],
] as [string, Subject<TwoLevelFile<unknown>>][])('the %s store', (_name, subject) => {
  it('is a TwoLevelFile', async () => {
    expect(await subject.open(join(dir, subject.file))).toBeInstanceOf(TwoLevelFile);
  });

  it('sets a corrupt file aside, says so, and starts empty', async () => {
    const path = join(dir, subject.file);
    await writeFile(path, '{"version": 1, "servers": {');
    const store = await subject.open(path);
    expect(store.warnings).toEqual([expect.stringContaining(`${subject.file} is not valid JSON`)]);
    expect((await readdir(dir)).some((f) => f.startsWith(`${subject.file}.corrupt-`))).toBe(true);
    expect(await subject.has(store, 1)).toBe(false);
  });

  it('keeps what another process wrote when it writes, and settles before close', async () => {
    const path = join(dir, subject.file);
    const window = await subject.open(path);
    const cli = await subject.open(path);
    await subject.write(cli, 1);
    void subject.write(window, 2);
    await window.settled();
    const reopened = await subject.open(path);
    expect([await subject.has(reopened, 1), await subject.has(reopened, 2)]).toEqual([true, true]);
  });
});
