// Skills from an MCP server in the window (Skills over MCP), in Chromium against the real core, a
// real stdio server offering the extension and the scripted Messages API: the Skills panel shows
// each server skill with its server as origin, waiting for approval, and reads its instructions
// only when asked (a tampered SKILL.md is refused there); once approved it joins the
// catalog named by its server, `/docs:pdf-forms` loads it, and a file whose bytes do not match its
// digest is refused on the tool card and never reaches the model.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { reply, text, toolResultText, toolResultsOf, toolUse } from '../fixtures/messages-api';
import { skipWhen } from '../skip-reasons';
import { AxeTally, describeFindings } from './helpers/axe';
import { sharedChatWindow } from './helpers/chat-setup';

const PEER = join(__dirname, '../fixtures/mcp/skills-peer.mjs');

describe.skipIf(skipWhen('no-browser'))("an MCP server's skills in the window", () => {
  const win = sharedChatWindow({
    extraServers: {
      docs: { command: process.execPath, args: [PEER, 'tampered'] },
      bad: { command: process.execPath, args: [PEER, 'tampered-body'] },
    },
  });
  const tally = new AxeTally();

  it('approves a server skill in the Skills panel, loads it, and refuses its tampered file', async () => {
    const { app, api } = win();
    const { page } = app;
    await page.keyboard.press('Control+n');
    await page.getByRole('button', { name: 'Add files, resources or prompts' }).click();
    await page.getByRole('menuitem', { name: /Skills…/ }).click();
    const panel = page.getByRole('dialog', { name: 'Skills' });
    const row = panel.getByRole('listitem', { name: 'docs:pdf-forms' });
    await row.getByText('Waiting for approval').waitFor();
    expect(await row.getByText('Server docs').count()).toBe(1);
    expect(await row.getByText('skill://pdf-forms/SKILL.md').count()).toBe(1);
    const notes = panel.getByRole('listitem', { name: 'docs:docs/release-notes' });
    await notes.getByText('Suggests tools: Bash(git log:*)', { exact: false }).waitFor();
    // Its instructions are read only when asked for, verified; a tampered SKILL.md is refused.
    await row
      .getByRole('button', { name: 'Read instructions of docs:pdf-forms from its server' })
      .click();
    await row.getByRole('heading', { name: 'Filling forms (v1)' }).waitFor();
    const bad = panel.getByRole('listitem', { name: 'bad:pdf-forms' });
    await bad.getByRole('button', { name: /Read instructions/ }).click();
    await bad
      .getByRole('alert')
      .getByText('Lena refused skill://pdf-forms/SKILL.md', { exact: false })
      .waitFor();
    expect(await bad.getByText('evil.example', { exact: false }).count()).toBe(0);
    await app.screenshot('server-skills-waiting');
    const severe = await tally.scan(page, 'server skills panel');
    expect(severe, describeFindings(severe)).toEqual([]);

    await row.getByRole('button', { name: 'Approve' }).click();
    await row.getByText('Enabled').waitFor();
    await app.screenshot('server-skills-approved');
    await panel.getByRole('button', { name: 'Close' }).click();

    api.push(
      reply(toolUse('lena_skill', { name: 'docs:pdf-forms' }, 'toolu_load')),
      reply(
        toolUse(
          'lena_skill_file',
          { name: 'docs:pdf-forms', path: 'references/fields.md' },
          'toolu_file',
        ),
      ),
      reply(text('The field guide was refused.')),
    );
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('/docs:pdf-forms fill my form');
    await box.press('Enter');
    await page.getByText('The field guide was refused.').waitFor();
    await page
      .getByText('Lena refused skill://pdf-forms/references/fields.md', { exact: false })
      .first()
      .waitFor();
    await app.screenshot('server-skills-refused');

    const [first, second, third] = api.messageRequests().slice(-3);
    const system = (first.body.system as Array<{ text: string }>).map((b) => b.text).join('\n');
    expect(system).toContain(
      '<skill name="docs:pdf-forms" origin="server" server="docs">Fill PDF forms; use for any .pdf form.</skill>',
    );
    expect(JSON.stringify(first.body.messages)).toContain('Use the skill \\"docs:pdf-forms\\"');
    expect(toolResultText(toolResultsOf(second)[0].content)).toContain('# Filling forms (v1)');
    expect(toolResultsOf(third)[0]).toMatchObject({ is_error: true });
    expect(JSON.stringify(third.body)).not.toContain('evil.example');
  });
});
