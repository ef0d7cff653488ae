// A conversation stored before errors and stops were apart opens with the same notes: its
// one `error` note is read as an ErrorInfo with a code, or as a stop.
import { describe, expect, it } from 'vitest';
import { readNotes } from '../../../../electron/core/store/stored-notes';
import { ERROR_CODE } from '../../../../shared/result';

const old = (note: object) => JSON.stringify(note);

describe('stored notes', () => {
  it('an old refusal or max-tokens note is read as a stop, with the API’s details', () => {
    const refusal = readNotes(
      old({
        kind: 'refusal',
        message: 'Claude declined to answer this request.',
        action: 'edit-or-switch-model',
        details: { stopReason: 'refusal', category: 'cyber', explanation: 'malware' },
      }),
      null,
    );
    expect(refusal).toEqual({
      error: null,
      stop: {
        kind: 'refusal',
        stopReason: 'refusal',
        message: 'Claude declined to answer this request.',
        category: 'cyber',
        explanation: 'malware',
      },
    });
    const cut = readNotes(
      old({
        kind: 'max-tokens',
        message: 'cut',
        details: { stopReason: 'max_tokens', limitTokens: 9 },
      }),
      null,
    );
    expect(cut.stop).toMatchObject({ kind: 'max-tokens', limitTokens: 9 });
    const full = readNotes(
      old({
        kind: 'context',
        message: 'full',
        details: { stopReason: 'model_context_window_exceeded' },
      }),
      null,
    );
    expect(full.stop?.kind).toBe('context-window');
  });

  it('an old error note is read as an ErrorInfo with a code, its action and data kept', () => {
    expect(
      readNotes(
        old({ kind: 'rate-limit', message: 'slow', action: 'retry', retryAfterSeconds: 30 }),
        null,
      ),
    ).toEqual({
      error: {
        code: ERROR_CODE.rateLimited,
        message: 'slow',
        action: 'retry',
        data: { retryAfterSeconds: 30 },
      },
      stop: null,
    });
    expect(
      readNotes(old({ kind: 'interrupted', message: 'x', retried: true }), null).error,
    ).toEqual({
      code: ERROR_CODE.interrupted,
      message: 'x',
      data: { retried: true },
    });
    expect(
      readNotes(
        old({
          kind: 'context',
          message: 'big',
          action: 'new-conversation-with-summary',
          details: { stopReason: 'request_too_large' },
        }),
        null,
      ).error,
    ).toMatchObject({ code: ERROR_CODE.contextTooLong, action: 'new-conversation-with-summary' });
  });

  it('today’s notes are read as written', () => {
    const error = { code: ERROR_CODE.noApiKey, message: 'Add a key', action: 'open-settings' };
    const stop = { kind: 'paused', stopReason: 'pause_turn', message: 'paused' };
    expect(readNotes(JSON.stringify(error), JSON.stringify(stop))).toEqual({ error, stop });
    expect(readNotes(null, null)).toEqual({ error: null, stop: null });
  });
});
