// Validation issues cross IPC as data (issue 13): a call the contract rejects reaches the window
// as the same ErrorInfo core built, each issue with its path, and the note's Details lists them,
// rather than the window parsing prose. The call goes through the real bridge, dispatch and
// contract; only the IPC hop is a function call.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildBridge } from '../../../../shared/bridge';
import { createDispatch, type Handlers } from '../../../../electron/core/host/dispatch';
import { call } from '../../../../renderer/host';
import { LenaError } from '../../../../shared/result';
import { attempt, toUiError } from '../../../../renderer/store/result';
import { detailOf } from '../../../../renderer/components/ErrorNote';

function windowOverCore(): string[] {
  const added: string[] = [];
  const dispatch = createDispatch({
    'servers:add': ({ name }: { name: string }) => {
      added.push(name);
      return { name };
    },
  } as unknown as Handlers);
  const lena = buildBridge({
    invoke: (channel, args) => dispatch(channel, args, { senderUrl: 'app://lena/index.html' }),
    subscribe: () => () => undefined,
  });
  vi.stubGlobal('window', { lena });
  return added;
}

afterEach(() => vi.unstubAllGlobals());

describe('zod issues in the window', () => {
  it('arrive as data with their paths, and nothing ran', async () => {
    const added = windowOverCore();
    const thrown = await call('servers:add', {
      name: 'no spaces allowed',
      entry: { command: 42 },
    } as never).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(LenaError);
    const error = toUiError(thrown);
    expect(error.code).toBe('invalid-arguments');
    const paths = (error.data?.issues ?? []).map((i) => i.path.join('.'));
    expect(paths).toContain('name');
    expect(error.data?.issues?.find((i) => i.path.join('.') === 'name')?.code).toBeTypeOf('string');
    expect(
      error.data?.issues?.every((i) => typeof i.message === 'string' && i.message.length > 0),
    ).toBe(true);
    expect(added).toEqual([]);
  });

  it('a store outcome keeps the same ErrorInfo, and the note lists one issue per line', async () => {
    windowOverCore();
    const outcome = await attempt(() =>
      call('servers:add', { name: 'bad name', entry: { command: 'npx' } } as never),
    );
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    const detail = detailOf(outcome.error) ?? '';
    expect(detail.split('\n')).toHaveLength(outcome.error.data?.issues?.length ?? -1);
    expect(detail).toMatch(/^name: /m);
  });

  it('an error without issues or detail has no Details fold', () => {
    expect(
      detailOf({ code: 'not-found', message: 'There is no server named "x".' }),
    ).toBeUndefined();
  });
});
