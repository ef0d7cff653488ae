// The settings limits are written once (shared/settings-fields.ts): the form, the settings:update
// argument and the reading of settings.json accept the same largest value and refuse the next one,
// so the window never offers what core then throws away, nor refuses what core would keep.
import { describe, expect, it } from 'vitest';
import { settingsPatch } from '../../../shared/contract-schemas';
import { fieldErrors, fieldsOf } from '../../../renderer/lib/settings-form';
import { DEFAULT_SETTINGS, readSettings } from '../../../electron/core/store/settings-schema';
import type { SettingsView } from '../../../shared/settings-types';

const view = {
  ...DEFAULT_SETTINGS,
  models: [],
  autoUpdate: null,
  apiKeySet: false,
  secretStorage: { persistent: false, description: 'memory' },
  issues: [],
} as SettingsView;

/** What each of the three says of `value` for `field`: accepted or not. */
function verdicts(
  field: 'maxTokens' | 'maxRounds' | 'systemPrompt' | 'model',
  value: number | string,
) {
  const form = fieldErrors({ ...fieldsOf(view), [field]: String(value) })[field] === undefined;
  const update = settingsPatch.safeParse({ [field]: value }).success;
  const file = readSettings({ [field]: value }, 'settings.json');
  return { form, update, file: file.issues.length === 0 && file.settings[field] === value };
}

describe('the settings limits', () => {
  it.each([
    ['maxTokens', 200_000, 200_001],
    ['maxRounds', 200, 201],
    ['systemPrompt', 'x'.repeat(100_000), 'x'.repeat(100_001)],
    ['model', 'm'.repeat(200), 'm'.repeat(201)],
  ] as const)(
    '%s: the form, settings:update and settings.json take the largest value and refuse the next',
    (field, largest, tooLarge) => {
      expect(verdicts(field, largest)).toEqual({ form: true, update: true, file: true });
      expect(verdicts(field, tooLarge)).toEqual({ form: false, update: false, file: false });
    },
  );

  it('settings.json keeps the default for a value past the limit, and says so', () => {
    const reading = readSettings({ maxRounds: 201 }, '/h/settings.json');
    expect(reading.settings.maxRounds).toBe(DEFAULT_SETTINGS.maxRounds);
    expect(reading.issues).toEqual([
      expect.stringMatching(/^\/h\/settings\.json: maxRounds.*\(using the default 25\)$/),
    ]);
  });
});
