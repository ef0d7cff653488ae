// Closing the host waits for what Lena was still writing: the pins of a server's first tool
// listing are written in the background, and a close that returned before them let the write go on
// after it: in the tests, into a home already removed, recreated to hold a pins.json.lock.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ServerStatus } from '../../../../shared/server-types';
import { PinStore } from '../../../../electron/core/permissions/pins';
import { MEMORY, newHost } from './host-harness';

const locks = (home: string) =>
  readdirSync(home, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.lock'));

describe('host.close', () => {
  it('waits for the pins of a server’s first listing: no lock file is left and every tool is pinned', async () => {
    const { home, call, close } = newHost('lena-close-');
    const added = await call<ServerStatus>('servers:add', {
      name: 'mem',
      entry: {
        command: process.execPath,
        args: [MEMORY],
        env: { MEMORY_FILE_PATH: join(home, 'm.jsonl') },
      },
    });
    expect(added).toMatchObject({ status: 'connected' });

    await close();

    expect(locks(home)).toEqual([]);
    const pins = await PinStore.open(join(home, 'pins.json'));
    // Pins are kept under the server's identity (scope + a hash of its entry).
    const key = pins.serverKeys().find((k) => /^mem@user:[0-9a-f]{16}$/.test(k));
    expect(key).toBeDefined();
    expect(pins.get(key!, 'read_graph')).toBeDefined();
  });
});
