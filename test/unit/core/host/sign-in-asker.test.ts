// The sign-in card of a tool call (issue 20) over the real broker: Sign in runs the
// sign-in while a second card waits with Cancel, then the server restarts; Cancel on either card,
// or a failed sign-in, ends with an error that says so; parallel calls share one card.
import { describe, expect, it } from 'vitest';
import type { ClientQuestion } from '../../../../shared/client-questions';
import {
  AuthError,
  SignInCancelledError,
  SignInRequiredError,
} from '../../../../electron/core/mcp/auth/types';
import { AskBroker } from '../../../../electron/core/permissions/broker';
import { needsSignIn, signInAsker } from '../../../../electron/core/host/sign-in-asker';

/** A sign-in that ends when the test says (or fails "cancelled" on cancelSignIn, as the provider does). */
function fakeAuth() {
  const log: string[] = [];
  let finish: ((err?: Error) => void) | undefined;
  return {
    log,
    finish: (err?: Error) => finish?.(err),
    auth: {
      signIn: (name: string) => {
        log.push(`sign-in ${name}`);
        return new Promise<never>(
          (resolve, reject) =>
            (finish = (err) => (err ? reject(err) : resolve(undefined as never))),
        );
      },
      cancelSignIn: (name: string) => {
        log.push(`cancel ${name}`);
        finish?.(new AuthError('consent', 'Sign-in was cancelled.'));
        return true;
      },
    },
    manager: { restart: async (name: string) => void log.push(`restart ${name}`) },
  };
}

function setUp() {
  const broker = new AskBroker();
  const asked: ClientQuestion[] = [];
  broker.on('requested', (q) => asked.push(q as ClientQuestion));
  const fake = fakeAuth();
  const ask = signInAsker({ broker, auth: fake.auth as never, manager: fake.manager as never });
  return { broker, asked, fake, ask };
}

describe('signInAsker', () => {
  it('Sign in: the card turns into "waiting", the sign-in runs, the card closes and the server restarts', async () => {
    const { broker, asked, fake, ask } = setUp();
    const outcome = ask('docs', 'whoami');
    expect(asked).toMatchObject([
      { kind: 'sign-in', server: 'docs', tool: 'whoami', waiting: false },
    ]);
    broker.answerQuestion(asked[0].id, { action: 'accept' });
    await expect.poll(() => asked.length).toBe(2);
    expect(asked[1]).toMatchObject({ kind: 'sign-in', waiting: true });
    expect(fake.log).toEqual(['sign-in docs']);
    fake.finish();
    expect(await outcome).toEqual({ ok: true });
    expect(fake.log).toEqual(['sign-in docs', 'restart docs']);
    expect(broker.questions()).toEqual([]);
  });

  it('Cancel on the first card: nothing signs in, and the error says the tool did not run', async () => {
    const { broker, asked, fake, ask } = setUp();
    const outcome = ask('docs', 'whoami');
    broker.answerQuestion(asked[0].id, { action: 'cancel' });
    const r = await outcome;
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toBeInstanceOf(SignInCancelledError);
    expect(!r.ok && r.error.message).toBe('Sign-in to docs was cancelled, so whoami did not run.');
    expect(fake.log).toEqual([]);
  });

  it('Cancel while waiting for the browser stops the pending sign-in', async () => {
    const { broker, asked, fake, ask } = setUp();
    const outcome = ask('docs', 'whoami');
    broker.answerQuestion(asked[0].id, { action: 'accept' });
    await expect.poll(() => asked.length).toBe(2);
    broker.answerQuestion(asked[1].id, { action: 'cancel' });
    const r = await outcome;
    expect(!r.ok && r.error).toBeInstanceOf(SignInCancelledError);
    expect(fake.log).toEqual(['sign-in docs', 'cancel docs']);
  });

  it('a failed sign-in says which step failed; the waiting card closes', async () => {
    const { broker, asked, fake, ask } = setUp();
    const outcome = ask('docs', 'whoami');
    broker.answerQuestion(asked[0].id, { action: 'accept' });
    await expect.poll(() => asked.length).toBe(2);
    fake.finish(new AuthError('token', 'Exchanging the sign-in code failed: invalid_grant.'));
    const r = await outcome;
    expect(!r.ok && r.error.step).toBe('token');
    expect(broker.questions()).toEqual([]);
    expect(fake.log).not.toContain('restart docs');
  });

  it('a stopped turn cancels the card', async () => {
    const { asked, ask } = setUp();
    const stop = new AbortController();
    const outcome = ask('docs', 'whoami', stop.signal);
    expect(asked).toHaveLength(1);
    stop.abort();
    expect((await outcome).ok).toBe(false);
  });

  it('two calls needing the same sign-in share one card', async () => {
    const { broker, asked, ask } = setUp();
    const a = ask('docs', 'whoami');
    const b = ask('docs', 'search');
    expect(asked).toHaveLength(1);
    broker.answerQuestion(asked[0].id, { action: 'cancel' });
    expect((await a).ok).toBe(false);
    expect((await b).ok).toBe(false);
  });

  it('needsSignIn: the provider said so, or the server waits for a sign-in; never after a cancelled one', () => {
    expect(
      needsSignIn(new Error('wrapped', { cause: new SignInRequiredError('docs') }), undefined),
    ).toBe(true);
    expect(
      needsSignIn(new Error('Server "docs" is failed'), { signIn: { state: 'required' } }),
    ).toBe(true);
    expect(needsSignIn(new Error('boom'), { signIn: null })).toBe(false);
    expect(
      needsSignIn(new SignInCancelledError('docs', 'whoami'), { signIn: { state: 'required' } }),
    ).toBe(false);
  });
});
