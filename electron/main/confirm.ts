// The native confirmation for changes the window asks for that would run a new command or send
// the API key somewhere new (the decision and the wording live in core/security/window-changes).
// A dialog drawn by the OS cannot be faked or clicked by the page.
import { dialog, type BrowserWindow } from 'electron';
import { fail, type Envelope } from '../../shared/result';
import type { ConfigFileView } from '../../shared/server-types';
import type { SettingsView } from '../../shared/settings-types';
import type { Host } from '../core/host';
import { APP_ORIGIN } from '../core/security/navigation';
import { CONFIRMED_CHANNELS, changesToConfirm, configuredLaunchKeys, confirmationPrompt, declinedMessage } from '../core/security/window-changes';

/** Null lets the call through; an envelope is the answer the window gets instead. */
export type ChangeGuard = (channel: string, args: unknown) => Promise<Envelope<never> | null>;

export function windowChangeGuard(host: Host, window: () => BrowserWindow | undefined, log: (message: string) => void): ChangeGuard {
  // Confirmed once for this run; what is saved is on disk afterwards and needs no new question.
  const confirmed = new Set<string>();
  return async (channel, args) => {
    if (!CONFIRMED_CHANNELS.has(channel)) return null;
    const internal = { senderUrl: APP_ORIGIN };
    const [files, settings] = (await Promise.all([host.dispatch('servers:config-files', undefined, internal), host.dispatch('settings:get', undefined, internal)])) as [
      Envelope<ConfigFileView[]>,
      Envelope<SettingsView>,
    ];
    const launches = (scope: 'user' | 'project') => (files.ok ? configuredLaunchKeys(files.value.filter((f) => f.scope === scope).map((f) => f.text)) : []);
    const changes = changesToConfirm(channel, args, {
      confirmed: new Set([...confirmed, ...launches('user')]),
      inProjectFile: new Set(launches('project')),
      baseUrl: settings.ok ? settings.value.baseUrl : null,
    });
    if (!changes.length) return null;
    const { allowId, ...options } = confirmationPrompt(changes);
    const win = window();
    const { response } = win ? await dialog.showMessageBox(win, options) : await dialog.showMessageBox(options);
    if (response !== allowId) {
      log(`Declined in the confirmation dialog (${channel}): ${changes.map((c) => (c.kind === 'base-url' ? c.url : c.server)).join(', ')}`);
      return fail('cancelled', declinedMessage(changes));
    }
    for (const change of changes) confirmed.add(change.key);
    return null;
  };
}
