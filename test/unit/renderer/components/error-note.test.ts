// ErrorNote says "this part of Lena's core is not running" only when the error's action says so
// (issue 13): an `unavailable` error is also "this build cannot update itself" or "could not read
// that file", where core is running and that sentence would send the user the wrong way.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ErrorNote, explain } from '../../../../renderer/components/ErrorNote';
import { toUiError } from '../../../../renderer/store/result';
import { LenaError } from '../../../../shared/result';
import { createDispatch, type Handlers } from '../../../../electron/core/host/dispatch';

describe('the unavailable sentence', () => {
  it('is not added to unavailable errors whose core is running', () => {
    for (const message of [
      'This build cannot update itself; install Lena from a release to get automatic updates.',
      'Lena could not read /home/u/.lena/mcp.json to change it: EACCES.',
    ]) {
      expect(explain({ code: 'unavailable', message })).toBe(message);
    }
  });

  it('is added where the part is not running, and the action survives the trip from core to the note', async () => {
    const dispatch = createDispatch({
      'app:notices': () => {
        throw new LenaError(
          'unavailable',
          'Could not open the conversation database: database is locked',
          undefined,
          'restart-lena',
        );
      },
    } as unknown as Handlers);
    const envelope = await dispatch('app:notices', undefined, {
      senderUrl: 'app://lena/index.html',
    });
    expect(envelope.ok).toBe(false);
    const ui = toUiError(LenaError.from((envelope as { ok: false; error: never }).error));
    expect(explain(ui)).toBe(
      'Could not open the conversation database: database is locked This part of Lena’s core is not running, so nothing was changed; restart Lena to try again.',
    );
  });
});

describe('the one error note', () => {
  it('shows a server failure: its message as the title, the hint, the stderr lines, the detail and the actions', () => {
    const html = renderToStaticMarkup(
      createElement(
        ErrorNote,
        {
          error: {
            code: 'server-exited',
            message: 'notes exited with code 3 during start-up',
            detail: 'exit code 3',
            hint: 'Check the command in its configuration.',
          },
          more: createElement('pre', { 'data-testid': 'stderr-cause' }, 'Error: boom'),
        },
        createElement('button', null, 'Open logs'),
      ),
    );
    const text = html.replace(/<[^>]+>/g, '|').replace(/\|+/g, '|');
    expect(text).toBe(
      '|✕| notes exited with code 3 during start-up|Check the command in its configuration.|Error: boom|Details|exit code 3|Open logs|',
    );
  });
});
