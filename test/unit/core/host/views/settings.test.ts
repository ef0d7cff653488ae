import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { EnvSecretProvider } from '../../../../../electron/core/store/secrets';
import { SettingsStore } from '../../../../../electron/core/store/settings';
import { settingsView } from '../../../../../electron/core/host/views/settings';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lena-view-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

it('shows values, issues and whether a key is set, never the key itself', async () => {
  const file = join(dir, 'settings.json');
  writeFileSync(file, JSON.stringify({ model: 'my-local-model', maxRounds: 0 }));
  const settings = await SettingsStore.open(file);
  const view = await settingsView(
    settings,
    new EnvSecretProvider({ ANTHROPIC_API_KEY: 'sk-ant-api03-secretvalue' }),
  );
  expect(view).toMatchObject({
    model: 'my-local-model',
    maxRounds: 25,
    apiKeySet: true,
    secretStorage: { persistent: false },
  });
  expect(view.models.map((m) => m.id)).toContain('my-local-model'); // a free-form id stays selectable
  expect(view.issues.join()).toContain('maxRounds');
  expect(JSON.stringify(view)).not.toContain('secretvalue');
  expect((await settingsView(settings, new EnvSecretProvider({}))).apiKeySet).toBe(false);
});
