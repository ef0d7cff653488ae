// Runs a `/mcp` command typed in the composer through the store and reports it as a local card.
import { parseSlashCommand } from '../../lib/slash-commands';
import { useLena } from '../../store';

/** Runs the command; resolves when its card is shown. */
export async function runSlashCommand(text: string): Promise<void> {
  const s = useLena.getState();
  const cmd = parseSlashCommand(text);
  s.clearSendError();
  const notice = (t: string, tone: 'info' | 'error' = 'info', detail?: string) =>
    s.addSystemCard({ kind: 'notice', text: t, tone, ...(detail ? { detail } : {}) });
  switch (cmd.kind) {
    case 'error':
      notice(cmd.message, 'error');
      return;
    case 'status':
      await s.loadServers();
      await s.loadTools();
      s.addSystemCard({ kind: 'mcp-status' });
      return;
    case 'reload': {
      const r = await s.reloadServers(cmd.name);
      if (!r.ok)
        return notice(
          `Could not reload ${cmd.name ?? 'the servers'}: ${r.error.message}`,
          'error',
          r.error.detail,
        );
      await s.loadTools();
      notice(
        cmd.name
          ? `Reloaded ${cmd.name}.`
          : `Reloaded the configuration: ${r.value.length} server${r.value.length === 1 ? '' : 's'}.`,
      );
      s.addSystemCard({ kind: 'mcp-status' });
      return;
    }
    case 'add': {
      const r = await s.addServer(cmd.name, { command: cmd.command, args: cmd.args });
      if (!r.ok)
        return notice(`Could not add ${cmd.name}: ${r.error.message}`, 'error', r.error.detail);
      notice(`Added ${cmd.name} to your servers (${[cmd.command, ...cmd.args].join(' ')}).`);
      return;
    }
    case 'remove': {
      const r = await s.removeServer(cmd.name);
      if (!r.ok)
        return notice(`Could not remove ${cmd.name}: ${r.error.message}`, 'error', r.error.detail);
      notice(`Removed ${cmd.name}.`);
      return;
    }
  }
}
