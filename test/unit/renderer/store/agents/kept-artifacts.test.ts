// The agents slice's kept-artifact actions: the card names the task and the artifact, never a
// path, and gets core's answer (saved, cancelled, or the error it shows) as an outcome.
import { describe, expect, it } from 'vitest';
import { ERROR_CODE } from '../../../../../shared/result';
import { storeWithFakeHost } from '../fake-host';

describe('kept artifacts in the agents slice', () => {
  it('sends the task id and name, and returns what core answered', async () => {
    const { host, store } = storeWithFakeHost();
    host.on('agents:save-artifact', ({ name }) => ({ saved: `/picked/${name}` }));
    expect(await store.getState().saveAgentArtifact('t1', 'report.txt')).toEqual({
      ok: true,
      value: { saved: '/picked/report.txt' },
    });
    host.fail('agents:show-artifact', {
      code: ERROR_CODE.notFound,
      message: 'The file Lena kept for the artifact "report.txt" is no longer there.',
    });
    const shown = await store.getState().showAgentArtifact(null, 'report.txt');
    expect(shown.ok ? null : shown.error.message).toBe(
      'The file Lena kept for the artifact "report.txt" is no longer there.',
    );
    expect(host.calls).toEqual([
      { channel: 'agents:save-artifact', args: { taskId: 't1', name: 'report.txt' } },
      { channel: 'agents:show-artifact', args: { taskId: null, name: 'report.txt' } },
    ]);
  });
});
