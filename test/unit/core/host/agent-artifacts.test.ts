// agents:save-artifact and agents:show-artifact over a real host: the request names a task and an
// artifact, the host finds the kept file under attachments/delegations itself, copies its bytes
// through the save dialog's port or shows it in its folder, and refuses any name that leaves the
// task's folder, a file of another task, a link planted there, and a file that is gone.
import { mkdirSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { artifactKeeper } from '../../../../electron/core/agents/keep';
import { ERROR_CODE } from '../../../../shared/result';
import { newHost, type HostUnderTest } from './host-harness';

let h: HostUnderTest;
let kept: string;
const saved: Array<{ name: string; data: string; title?: string }> = [];
const shown: string[] = [];
let cancel = false;

beforeEach(() => {
  saved.length = 0;
  shown.length = 0;
  cancel = false;
  h = newHost('lena-host-artifacts-', {
    saveFile: async (name, data, _mime, title) => {
      if (cancel) return null;
      saved.push({ name, data: data.toString('utf8'), title });
      return `/chosen/${name}`;
    },
    showInFolder: (path) => void shown.push(path),
  });
  kept = h.host.paths.delegationFiles;
  const keeper = artifactKeeper(kept);
  keeper.keep('task-1', 'Full report.txt', 'all of report one', false);
  keeper.keep('task-2', 'secret.txt', 'task two only', false);
});

const refusal = async (channel: string, args: unknown) => {
  const r = await h.dispatch(channel, args);
  if (r.ok) throw new Error(`${channel} was not refused`);
  return r.error;
};

describe('kept artifacts from the window', () => {
  it('"Save as…" copies the whole kept file through the save dialog', async () => {
    const r = await h.call('agents:save-artifact', { taskId: 'task-1', name: 'Full report.txt' });
    expect(r).toEqual({ saved: '/chosen/Full_report.txt' });
    expect(saved).toEqual([
      {
        name: 'Full_report.txt',
        data: 'all of report one',
        title: 'Save the artifact an agent returned',
      },
    ]);
    cancel = true;
    expect(
      await h.call('agents:save-artifact', { taskId: 'task-1', name: 'Full report.txt' }),
    ).toEqual({ saved: null });
  });

  it('"Show in folder" shows the kept file, never a path from the window', async () => {
    const r = await h.call('agents:show-artifact', { taskId: 'task-2', name: 'secret.txt' });
    expect(r).toEqual({ path: join(kept, 'task-2', 'secret.txt') });
    expect(shown).toEqual([join(kept, 'task-2', 'secret.txt')]);
    // Only the task id and the name travel: a path field is refused by the schema.
    const withPath = await refusal('agents:show-artifact', {
      taskId: 'task-2',
      name: 'secret.txt',
      path: '/etc/passwd',
    });
    expect(withPath.code).toBe(ERROR_CODE.invalidArguments);
  });

  it('refuses names that leave the task folder, and finds nothing of another task', async () => {
    for (const args of [
      { taskId: 'task-1', name: '../task-2/secret.txt' },
      { taskId: '../task-2', name: 'secret.txt' },
      { taskId: 'task-1', name: '/etc/passwd' },
      { taskId: '..', name: 'task-2' },
      { taskId: 'task-1', name: '..\\..\\x' },
    ]) {
      const e = await refusal('agents:save-artifact', args);
      expect(e.code).toBe(ERROR_CODE.forbidden);
      expect(e.message).toMatch(
        /^Lena opens only the files it kept for a delegation's artifacts: the (task id|artifact name) ".+" points outside its task's folder\.$/,
      );
    }
    const other = await refusal('agents:save-artifact', { taskId: 'task-1', name: 'secret.txt' });
    expect(other.code).toBe(ERROR_CODE.notFound);
    expect(saved).toEqual([]);
    expect(shown).toEqual([]);
  });

  it('says a deleted file is gone, and refuses a link planted in the folder', async () => {
    unlinkSync(join(kept, 'task-1', 'Full_report.txt'));
    const gone = await refusal('agents:save-artifact', {
      taskId: 'task-1',
      name: 'Full report.txt',
    });
    expect(gone).toMatchObject({
      code: ERROR_CODE.notFound,
      message:
        'The file Lena kept for the artifact "Full report.txt" is no longer there: it was deleted or moved. Ask the agent for it again.',
    });
    mkdirSync(join(h.home, 'outside'), { recursive: true });
    writeFileSync(join(h.home, 'outside', 'key'), 'private');
    symlinkSync(join(h.home, 'outside', 'key'), join(kept, 'task-1', 'link.txt'));
    const link = await refusal('agents:save-artifact', { taskId: 'task-1', name: 'link.txt' });
    expect(link.code).toBe(ERROR_CODE.forbidden);
    expect(saved).toEqual([]);
  });
});
