// Skills in the window (issue 41), in Chromium against the real core and the scripted Messages
// API: the composer's "+" menu and "/" list offer each enabled skill, the "+" menu the Skills panel
// (origin, state, reason, description, files, body), `/skill-name` asks Claude to load the skill, and the request
// carries the catalog without the body while the load tool's result carries the body wrapped.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { reply, text, toolResultText, toolResultsOf, toolUse } from '../fixtures/messages-api';
import { skipWhen } from '../skip-reasons';
import { AxeTally, describeFindings } from './helpers/axe';
import { sharedChatWindow } from './helpers/chat-setup';

describe.skipIf(skipWhen('no-browser'))('skills in the window', () => {
  const win = sharedChatWindow();
  const tally = new AxeTally();

  it('lists skills in the + menu and the Skills panel, and /skill loads one', async () => {
    const { app, api } = win();
    const { page } = app;
    const skills = join(app.home, 'skills');
    mkdirSync(join(skills, 'pdf-forms', 'references'), { recursive: true });
    writeFileSync(
      join(skills, 'pdf-forms', 'SKILL.md'),
      '---\nname: pdf-forms\ndescription: Fill PDF forms; use for any .pdf form.\n---\n# Filling forms\n\nRead **references/fields.md** first.\n',
    );
    writeFileSync(join(skills, 'pdf-forms', 'references', 'fields.md'), 'Fields');
    mkdirSync(join(skills, 'no-desc'));
    writeFileSync(join(skills, 'no-desc', 'SKILL.md'), '---\nname: no-desc\n---\nbody');

    await page.keyboard.press('Control+n');
    await page.getByRole('button', { name: 'Add files, resources or prompts' }).click();
    const menu = page.getByRole('menu', { name: 'Add to the message' });
    await expect
      .poll(() => menu.getByRole('menuitem').allTextContents())
      .toEqual([
        'Files from your computer…or drop, paste',
        'A resource from a server…',
        'A prompt from a server…/',
        'Skill: pdf-forms/pdf-forms',
        'Skills…folders of instructions',
      ]);
    await menu.getByRole('menuitem', { name: /Skills…/ }).click();
    const panel = page.getByRole('dialog', { name: 'Skills' });
    await panel.getByText('Fill PDF forms; use for any .pdf form.').waitFor();
    await expect.poll(() => panel.getByText('the front matter has no description').count()).toBe(1);
    await panel.getByText('Files (1)').click();
    await panel.getByText('Instructions').click();
    await panel.getByRole('heading', { name: 'Filling forms' }).waitFor();
    await app.screenshot('skills-panel');
    const severe = await tally.scan(page, 'skills panel');
    expect(severe, describeFindings(severe)).toEqual([]);
    await panel.getByRole('button', { name: 'Close' }).click();

    // "/" suggests the enabled skill beside the prompts and commands; choosing it fills the draft.
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.pressSequentially('/pdf');
    const slash = page.getByRole('listbox', { name: 'Prompts and commands' });
    await expect
      .poll(() => slash.getByRole('option').allTextContents())
      .toEqual(['/pdf-formsSkill · Fill PDF forms; use for any .pdf form.']);
    await box.pressSequentially('-');
    await app.screenshot('skills-slash-list');
    await page.keyboard.press('Enter');
    expect(await box.inputValue()).toBe('/pdf-forms ');
    await expect.poll(() => slash.count()).toBe(0);
    await box.fill('');

    api.push(
      reply(toolUse('lena_skill', { name: 'pdf-forms' }, 'toolu_skill')),
      reply(text('Loaded.')),
    );
    await page.getByRole('button', { name: 'Add files, resources or prompts' }).click();
    await menu.getByRole('menuitem', { name: /Skill: pdf-forms/ }).click();
    expect(await box.inputValue()).toBe('/pdf-forms ');
    await box.pressSequentially('fill my form');
    await page.keyboard.press('Enter');
    await page.getByText('Loaded.').waitFor();
    await app.screenshot('skills-slash-loaded');

    const [first, second] = api.messageRequests().slice(-2);
    const system = (first.body.system as Array<{ text: string }>).map((b) => b.text).join('\n');
    expect(system).toContain(
      '<skill name="pdf-forms" origin="user">Fill PDF forms; use for any .pdf form.</skill>',
    );
    expect(system).not.toContain('Filling forms');
    expect(JSON.stringify(first.body.messages)).toContain(
      'Use the skill \\"pdf-forms\\": load it with lena_skill first, then follow it.\\n\\nfill my form',
    );
    const [result] = toolResultsOf(second);
    expect(toolResultText(result.content)).toMatch(
      /<untrusted-tool-output boundary="[^"]+">\n# Filling forms/,
    );
  });

  it("offers a skill's allowed-tools as rules; an accepted one is in Settings' rules", async () => {
    const { app } = win();
    const { page } = app;
    const folder = join(app.home, 'skills', 'read-notes');
    mkdirSync(folder, { recursive: true });
    writeFileSync(
      join(folder, 'SKILL.md'),
      '---\nname: read-notes\ndescription: Read notes.\nallowed-tools: mcp__fs__read_text_file Bash(git:*)\n---\nRead them.\n',
    );
    await page.getByRole('button', { name: 'Add files, resources or prompts' }).click();
    await page.getByRole('menuitem', { name: /Skills…/ }).click();
    const suggested = page.getByRole('group', { name: 'Rules suggested by read-notes' });
    await suggested.getByText('"Bash(git:*)" is not a permission rule', { exact: false }).waitFor();
    expect(await suggested.getByRole('button').allTextContents()).toEqual(['Accept']);
    await suggested.getByRole('button', { name: 'Accept mcp__fs__read_text_file' }).click();
    await suggested.getByText('Accepted').waitFor();
    await suggested.scrollIntoViewIfNeeded();
    await app.screenshot('skills-suggested-rules');
    const severe = await tally.scan(page, 'skill rules');
    expect(severe, describeFindings(severe)).toEqual([]);
    await page
      .getByRole('dialog', { name: 'Skills' })
      .getByRole('button', { name: 'Close' })
      .click();

    await page.keyboard.press('Control+,');
    const rules = page.getByRole('region', { name: 'Permission rules' });
    await expect.poll(() => rules.textContent()).toContain('mcp__fs__read_text_file');
  });

  it('a skill switched off in the tools menu leaves this conversation’s catalog only', async () => {
    const { app, api } = win();
    const { page } = app;
    await page.keyboard.press('Control+n');
    await page.getByRole('button', { name: /tools, for this conversation/ }).click();
    const group = page.getByRole('group', { name: 'Skills for this conversation' });
    const pdf = group.getByRole('checkbox', { name: 'pdf-forms' });
    await expect.poll(() => pdf.isChecked()).toBe(true);
    // The switch follows the conversation's record (made by this first switch), so it is polled.
    await pdf.click();
    await expect.poll(() => pdf.isChecked()).toBe(false);
    await app.screenshot('skills-conversation-switch');
    await page.keyboard.press('Escape');
    api.push(reply(text('Without the form skill.')));
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('hello');
    await page.keyboard.press('Enter');
    await page.getByText('Without the form skill.').waitFor();
    const last = api.messageRequests().at(-1)!;
    const system = (last.body.system as Array<{ text: string }>).map((b) => b.text).join('\n');
    expect(system).not.toContain('pdf-forms');
    expect(system).toContain('<skill name="read-notes"');
  });
});
