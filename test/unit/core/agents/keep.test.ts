// Artifacts kept as files: an agent's name for its artifact cannot leave the folder, the file is
// owner-only, and an artifact over the keep cap (agentLimits.keepBytes) is not kept at all: the
// card and Claude get a note with its size and the setting.
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AgentConnection, fetchCard } from '../../../../electron/core/agents/client';
import { DEFAULT_DELEGATION_LIMITS, delegate } from '../../../../electron/core/agents/follow';
import { artifactKeeper } from '../../../../electron/core/agents/keep';
import { agentDelegates } from '../../../../electron/core/host/agent-delegates';
import { readSettings } from '../../../../electron/core/store/settings-schema';
import { DEFAULT_AGENT_LIMITS } from '../../../../shared/settings-fields';
import { startPeer } from '../../../fixtures/a2a/peers';

const dir = mkdtempSync(join(tmpdir(), 'lena-keep-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('artifact keeper', () => {
  it('keeps a hostile name inside its task folder', () => {
    const kept = artifactKeeper(dir).keep('../../t1', '../../.bashrc', 'x', false);
    const file = join(dir, 't1', 'bashrc');
    expect(kept).toEqual({ path: file });
    expect(readdirSync(dir)).toEqual(['t1']);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 't1')).mode & 0o777).toBe(0o700);
  });

  it('appends chunks, and drops the file when the artifact passes the cap', () => {
    const keeper = artifactKeeper(dir, () => 10);
    const file = join(dir, 't2', 'report.txt');
    expect(keeper.keep('t2', 'report.txt', '123456', false)).toEqual({ path: file });
    keeper.keep('t2', 'report.txt', '7890', true);
    expect(readFileSync(file, 'utf8')).toBe('1234567890');
    expect(keeper.keep('t2', 'report.txt', 'a', true)).toEqual({ dropped: 10 });
    expect(existsSync(file)).toBe(false);
    expect(keeper.keep('t2', 'whole.txt', '12345678901', false)).toEqual({ dropped: 10 });
    expect(existsSync(join(dir, 't2', 'whole.txt'))).toBe(false);
  });

  it('a streamed artifact over the cap: no file, a note with the size and the setting', async () => {
    const peer = await startPeer('slow', { stepMs: 20 });
    try {
      const target = { url: peer.url, headers: {} };
      const { card, view } = await fetchCard(target);
      const conn = await AgentConnection.open(target, card, view);
      const out = await delegate(
        conn,
        'slow',
        { message: 'go' },
        { keep: artifactKeeper(join(dir, 'streamed'), () => 100) },
        new AbortController().signal,
        { ...DEFAULT_DELEGATION_LIMITS, maxInlineBytes: 20 },
      );
      const report = out.view.artifacts.find((a) => a.name === 'report');
      expect(report?.bytes).toBeGreaterThan(100);
      expect(report?.path).toBeUndefined();
      expect(report?.notKept).toMatch(
        /^Not kept as a file: at \d+ bytes it is over the keep cap of 100 bytes \(the setting agentLimits\.keepBytes, now 100 bytes\)\./,
      );
      expect(out.agentText).toContain('agentLimits.keepBytes');
      expect(readdirSync(join(dir, 'streamed', out.view.taskId!))).toEqual([]);
    } finally {
      await peer.close();
    }
  });
});

describe('agentLimits.keepBytes', () => {
  it('defaults to 100 MB, takes a valid size and refuses one under 1 MB', () => {
    expect(readSettings({}, 'settings.json').settings.agentLimits.keepBytes).toBe(104_857_600);
    const set = readSettings({ agentLimits: { keepBytes: 5_000_000 } }, 'settings.json');
    expect(set.settings.agentLimits).toEqual({ ...DEFAULT_AGENT_LIMITS, keepBytes: 5_000_000 });
    const bad = readSettings({ agentLimits: { keepBytes: 500 } }, 'settings.json');
    expect(bad.settings.agentLimits.keepBytes).toBe(104_857_600);
    expect(bad.issues[0]).toMatch(/^settings\.json: agentLimits\.keepBytes: /);
  });

  it('is read at each keep, so a change applies to the next artifact', () => {
    let limits = { ...DEFAULT_AGENT_LIMITS, keepBytes: 1_000_000 };
    const delegates = agentDelegates({
      file: join(dir, 'agents.json'),
      env: {},
      secrets: { get: () => undefined },
      limits: () => limits,
      filesDir: join(dir, 'setting'),
    });
    const big = 'x'.repeat(1_500_000);
    expect(delegates.keep?.keep('t', 'a.txt', big, false)).toEqual({ dropped: 1_000_000 });
    limits = { ...limits, keepBytes: 2_000_000 };
    expect(delegates.keep?.keep('t', 'a.txt', big, false)).toEqual({
      path: join(dir, 'setting', 't', 'a.txt'),
    });
  });
});
