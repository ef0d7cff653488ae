// The settings service: settings.json, the secret store and the desktop's update opt-in, as the
// settings page sees them (views/settings.ts). A change the gate reads (the read-only auto-approve)
// reaches the permission rules at once; settings.json edited outside Lena reloads by itself.
import { homedir } from 'node:os';
import type { ClaudeSuggestion } from '../../../../shared/permission-types';
import type { ApiKeyCheck, SettingsView } from '../../../../shared/settings-types';
import { claudeSuggestions } from '../../permissions/claude-import';
import type { RuleList } from '../../permissions/types';
import { LenaError, ERROR_CODE } from '../../../../shared/result';
import type { ChatSettings } from '../../chat/chat-settings';
import { checkApiKey } from '../../chat/key-check';
import { API_KEY_SECRET, type SecretProvider } from '../../store/secrets';
import type { SettingsUpdate } from '../../store/settings';
import type { Settings } from '../../store/settings-schema';
import type { Runtime } from '../runtime';
import { settingsViewFor, type UpdatePreference } from '../views/settings';

type Parts = Pick<Runtime, 'settings' | 'permissions'>;

export class SettingsService {
  private keyCheck: ApiKeyCheck | undefined;

  constructor(
    private readonly parts: Parts,
    private readonly secrets: SecretProvider,
    private readonly updates?: UpdatePreference,
    /** The endpoint a chat would use (settings.json, then ANTHROPIC_BASE_URL): where keys are checked. */
    private readonly endpoint: () => Pick<ChatSettings, 'baseUrl'> = () => ({
      baseUrl: parts.settings.current.baseUrl,
    }),
    /** Where Claude Code keeps its settings (`~/.claude`): the user's home. */
    private readonly home: string = homedir(),
  ) {}

  /** Claude Code's MCP permission entries (its settings and the open project's), as suggestions. */
  claudeSuggestions(project: string | null): Promise<ClaudeSuggestion[]> {
    return claudeSuggestions(this.home, project, this.parts.permissions.current().permissions);
  }
  /** Adds rules the user accepted, in order; the first refused one stops with its reason. */
  async addRules(rules: ReadonlyArray<{ list: RuleList; rule: string }>): Promise<void> {
    for (const { list, rule } of rules) await this.parts.permissions.addRule(list, { rule });
  }

  async view(): Promise<SettingsView> {
    const view = await settingsViewFor(this.parts.settings, this.secrets, this.updates);
    return this.keyCheck ? { ...view, apiKeyCheck: this.keyCheck } : view;
  }
  /** settings.json as read now (values only; the window gets view()). */
  current(): Settings {
    return this.parts.settings.current;
  }
  async update(patch: SettingsUpdate & { autoUpdate?: boolean }): Promise<SettingsView> {
    const { autoUpdate, ...rest } = patch;
    if (autoUpdate !== undefined) {
      if (!this.updates)
        throw new LenaError(
          ERROR_CODE.unavailable,
          'This build cannot update itself; install Lena from a release to get automatic updates.',
        );
      await this.updates.set(autoUpdate);
    }
    if (Object.keys(rest).length > 0) await this.parts.settings.update(rest);
    if (rest.autoApproveReadOnlyTrusted !== undefined) await this.parts.permissions.reload();
    return this.view();
  }
  /** Checks the key with the endpoint first: a 401 or 403 refuses it (api-key-refused), nothing is stored. */
  async setApiKey(key: string): Promise<SettingsView> {
    const check = await checkApiKey(this.endpoint(), key.trim());
    await this.secrets.set(API_KEY_SECRET, key.trim());
    this.keyCheck = check;
    return this.view();
  }
  async clearApiKey(): Promise<SettingsView> {
    await this.secrets.delete(API_KEY_SECRET);
    this.keyCheck = undefined;
    return this.view();
  }
  setSecret(name: string, value: string): Promise<void> {
    return this.secrets.set(name, value);
  }
  /** Reads settings.json again (edited outside Lena) and the rules with it; returns the new view. */
  async reload(): Promise<SettingsView> {
    await this.parts.settings.reload();
    await this.parts.permissions.reload();
    return this.view();
  }
}
