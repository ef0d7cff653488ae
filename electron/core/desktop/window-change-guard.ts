// The guard main puts before the window's calls: a change that would run a new command or send
// the API key somewhere new waits for the user's answer in a native dialog (the decision and the
// wording live in core/security/window-changes). What is already known comes from the host's
// services directly (the configuration files on disk, the current baseUrl), never by dispatching
// IPC to the host with a made-up sender. Main supplies only the dialog.
import { readFile } from 'node:fs/promises';
import { ERROR_CODE, fail, type Envelope } from '../../../shared/result';
import type { HostServices } from '../host/services';
import {
  CONFIRMED_CHANNELS,
  changesToConfirm,
  configuredLaunchKeys,
  confirmationPrompt,
  declinedMessage,
  type ConfirmationPrompt,
} from '../security/window-changes';

/** Null lets the call through; an envelope is the answer the window gets instead. */
export type ChangeGuard = (channel: string, args: unknown) => Promise<Envelope<never> | null>;

/** Shows the prompt (main: dialog.showMessageBox) and resolves with the index of the button pressed. */
export type AskUser = (prompt: Omit<ConfirmationPrompt, 'allowId'>) => Promise<number>;

/** The text of a configuration file, or null when it is missing or unreadable (nothing known from it). */
const textOf = (path: string | null): Promise<string | null> =>
  path ? readFile(path, 'utf8').catch(() => null) : Promise.resolve(null);

export function windowChangeGuard(
  services: () => Promise<HostServices>,
  ask: AskUser,
  log: (message: string) => void,
): ChangeGuard {
  // Confirmed once for this run; what is saved is on disk afterwards and needs no new question.
  const confirmed = new Set<string>();
  return async (channel, args) => {
    if (!CONFIRMED_CHANNELS.has(channel)) return null;
    const s = await services();
    const [user, project] = await Promise.all([
      textOf(s.paths.mcpConfig),
      textOf(s.project.mcpFile()),
    ]);
    const changes = changesToConfirm(channel, args, {
      confirmed: new Set([...confirmed, ...configuredLaunchKeys([user])]),
      inProjectFile: new Set(configuredLaunchKeys([project])),
      baseUrl: s.settings.current().baseUrl,
    });
    if (!changes.length) return null;
    const { allowId, ...prompt } = confirmationPrompt(changes);
    if ((await ask(prompt)) !== allowId) {
      log(
        `Declined in the confirmation dialog (${channel}): ${changes.map((c) => (c.kind === 'base-url' ? c.url : c.server)).join(', ')}`,
      );
      return fail(ERROR_CODE.cancelled, declinedMessage(changes));
    }
    for (const change of changes) confirmed.add(change.key);
    return null;
  };
}
