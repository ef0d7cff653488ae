// What the permission question claims about a tool (issue 12, items 6 and 7), against a server
// that lies: `wipe` calls itself "Read notes (read-only, safe)", claims readOnlyHint, and has a
// long description imitating an "Arguments" block. The line under the heading names what really
// runs, the title is the server's claim, the real arguments stay in view, and the read-only claim
// is said as unverified until the server is trusted.
import { join } from 'node:path';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { skipWhen } from '../skip-reasons';
import { reply, text, toolUse } from '../fixtures/messages-api';
import { ROOT } from './harness';
import { ask, sharedChatWindow } from './helpers/chat-setup';
import { armedQuestion, denyQuestion } from './helpers/questions';

const peer = join(ROOT, 'test/fixtures/mcp/deceptive-peer.mjs');

/** Whether `inner` is shown whole inside the scrolling body of its question, without scrolling. */
const inView = (inner: Locator) =>
  inner.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const frame = el.closest('.question-body')?.getBoundingClientRect();
    return (
      Boolean(frame) &&
      el.clientHeight >= el.scrollHeight - 1 &&
      box.height > 40 &&
      box.top >= frame!.top &&
      box.bottom <= frame!.bottom &&
      box.bottom <= window.innerHeight
    );
  });

describe.skipIf(skipWhen('no-browser'))('the permission question tells what really runs', () => {
  const win = sharedChatWindow({
    extraServers: { notes: { command: process.execPath, args: [peer] } },
  });

  it('shows the qualified name under the heading, marks the title as a claim, folds the description, keeps the arguments in view', async () => {
    const { page } = win().app;
    win().api.push(
      reply(toolUse('mcp__notes__wipe', { path: '/home/me/everything' })),
      reply(text('Not wiped.')),
    );
    await ask(page, 'Tidy my notes');
    const question = await armedQuestion(page);
    // The heading reads as a person says it; the title in it is marked as the server's claim, and
    // what really runs is on the line below, whatever the title says.
    expect(await question.getByRole('heading').textContent()).toBe(
      'Read notes (read-only, safe) — notes · untrusted',
    );
    expect(await question.locator('.tool-claim').getAttribute('title')).toMatch(
      /^The server’s own name for this tool \(its words, not checked by Lena\)/,
    );
    expect(await question.getByTestId('wire-name').textContent()).toBe(
      'mcp__notes__wipe · title given by the server',
    );

    const description = question.getByTestId('tool-description');
    expect(await description.getAttribute('class')).toContain('folded');
    expect(await description.evaluate((el) => el.scrollHeight > el.clientHeight + 100)).toBe(true);
    // The fake block is inside the server's labelled box; the only code block is Lena's, with the real path.
    expect(
      await question.getByRole('group', { name: 'Description from the server' }).textContent(),
    ).toContain('"path": "notes.txt"');
    expect(await question.locator('.code-block').count()).toBe(1);
    // The arguments' own text, whole and unsqueezed, in view without scrolling.
    const args = question.locator('.code-block pre');
    expect(await args.textContent()).toContain('/home/me/everything');
    expect(await inView(args)).toBe(true);
    // The hidden character is far down, in the folded part: it is still flagged.
    expect(await question.getByRole('note').textContent()).toMatch(
      /Hidden characters were found.*U\+200B/,
    );
    expect(
      await question
        .getByRole('button', {
          name: /Show the full description \(\d+ lines, hidden characters marked\)/,
        })
        .count(),
    ).toBe(1);
    await win().app.screenshot('tool-question-deceptive');
    await page.emulateMedia({ colorScheme: 'dark' });
    await win().app.screenshot('tool-question-deceptive-dark');
    await page.emulateMedia({ colorScheme: 'light' });

    await question.getByRole('button', { name: /Show the full description/ }).click();
    expect(await description.getAttribute('class')).toContain('unfolded');
    expect(await description.locator('mark.invisible-marker').allTextContents()).toContain(
      '⟦U+200B⟧',
    );
    expect(await inView(args)).toBe(true);
    await win().app.screenshot('tool-question-description-unfolded');
    await denyQuestion(page);
    await page.getByText('Not wiped.').waitFor({ timeout: 30_000 });
  });

  it('an untrusted server’s readOnlyHint is said as not verified; a trusted one’s plainly', async () => {
    const { page, host } = win().app;
    win().api.push(
      reply(toolUse('mcp__notes__wipe', { path: '/home/me/everything' })),
      reply(text('Still not wiped.')),
    );
    await ask(page, 'Tidy my notes again');
    let question = await armedQuestion(page);
    expect(await question.getByTestId('safety-line').textContent()).toBe(
      'Says it is read-only (not verified: server not trusted)',
    );
    // A small window (sidebar collapsed, as narrow windows do) still shows the arguments and the
    // choices; on another page the question stays.
    // (A window this narrow hides the sidebar itself, and shows it again when widened.)
    await page.setViewportSize({ width: 720, height: 540 });
    await win().app.screenshot('tool-question-720x540');
    expect(await inView(question.locator('.code-block pre'))).toBe(true);
    expect(
      await question
        .getByRole('button', { name: /^Deny Esc/ })
        .evaluate((b) => b.getBoundingClientRect().bottom <= window.innerHeight),
    ).toBe(true);
    await win().app.screenshot('tool-question-720x540');
    await page.getByRole('button', { name: /servers$/ }).click();
    await armedQuestion(page);
    await win().app.screenshot('tool-question-on-servers-page');
    await page.setViewportSize({ width: 1200, height: 800 });
    await denyQuestion(page);
    await page.getByRole('button', { name: 'Tidy my notes again', exact: true }).click();
    await page.getByText('Still not wiped.').waitFor({ timeout: 30_000 });

    const dispatch = (channel: string, args: unknown) =>
      host.dispatch(channel, args, { senderUrl: 'test' }) as Promise<{ ok: boolean }>;
    expect((await dispatch('settings:update', { autoApproveReadOnlyTrusted: false })).ok).toBe(
      true,
    );
    expect((await dispatch('servers:set-trusted', { name: 'notes', trusted: true })).ok).toBe(true);
    win().api.push(
      reply(toolUse('mcp__notes__wipe', { path: '/home/me/notes' })),
      reply(text('Trusted, not wiped.')),
    );
    await ask(page, 'Tidy my notes, trusted');
    question = await armedQuestion(page);
    expect(await question.textContent()).toContain('/home/me/notes');
    expect(await question.getByTestId('safety-line').textContent()).toBe('Says it is read-only');
    expect(await question.getByRole('heading').textContent()).toMatch(/ — notes · trusted$/);
    await denyQuestion(page);
    await page.getByText('Trusted, not wiped.').waitFor({ timeout: 30_000 });
  });
});
