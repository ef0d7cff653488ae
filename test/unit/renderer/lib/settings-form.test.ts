import { describe, expect, it } from 'vitest';
import type { SettingsView } from '../../../../shared/settings-types';
import { fieldErrors, fieldsOf, patchOf } from '../../../../renderer/lib/settings-form';

const saved: SettingsView = {
  model: 'claude-sonnet-4-6',
  models: [{ id: 'claude-sonnet-4-6', label: 'Claude Sonnet 4.6' }],
  maxTokens: 8192,
  systemPrompt: '',
  maxRounds: 25,
  baseUrl: null,
  registryUrl: null,
  requestTimeoutMs: 600_000,
  autoApproveReadOnlyTrusted: true,
  autoUpdate: null,
  theme: 'system',
  quickEntryShortcut: null,
  prices: {},
  serverTools: { webSearch: false, webFetch: false, webFetchDomains: [] },
  thinking: 'off',
  effort: null,
  toolSearch: { budgetTokens: null, alwaysLoaded: [] },
  apiKeySet: false,
  secretStorage: { persistent: false, description: 'memory' },
  issues: [],
};

describe('the settings form', () => {
  it('accepts what it shows and sends nothing when nothing changed', () => {
    const f = fieldsOf(saved);
    expect(fieldErrors(f)).toEqual({});
    expect(patchOf(f, saved)).toEqual({});
  });
  it('explains each invalid field with the limits core enforces', () => {
    const errors = fieldErrors({
      ...fieldsOf(saved),
      model: ' ',
      maxTokens: '0',
      maxRounds: '201',
      baseUrl: 'api.example.com',
    });
    expect(errors.model).toMatch(/model/);
    expect(errors.maxTokens).toBe('A whole number from 1 to 200000.');
    expect(errors.maxRounds).toBe('A whole number from 1 to 200.');
    expect(errors.baseUrl).toMatch(/is not a URL/);
    expect(fieldErrors({ ...fieldsOf(saved), maxTokens: '1.5' }).maxTokens).toBeDefined();
    expect(fieldErrors({ ...fieldsOf(saved), baseUrl: 'file:///etc' }).baseUrl).toMatch(/http/);
    expect(
      fieldErrors({ ...fieldsOf(saved), systemPrompt: 'x'.repeat(100_001) }).systemPrompt,
    ).toBe('At most 100000 characters.');
  });
  it('refuses plain http to another machine, as core does, and takes it for a local proxy', () => {
    // The form once passed any http(s) URL and core refused it on Save.
    expect(fieldErrors({ ...fieldsOf(saved), baseUrl: 'http://api.example.com' }).baseUrl).toMatch(
      /^Plain http is allowed only for this machine/,
    );
    expect(
      fieldErrors({ ...fieldsOf(saved), baseUrl: 'http://localhost:8080' }).baseUrl,
    ).toBeUndefined();
  });
  it('patches only what changed; an emptied base URL goes back to the default', () => {
    const withBase = { ...saved, baseUrl: 'https://proxy.example/' };
    expect(patchOf({ ...fieldsOf(withBase), baseUrl: '', maxTokens: '4096' }, withBase)).toEqual({
      baseUrl: null,
      maxTokens: 4096,
    });
    expect(
      patchOf(
        { ...fieldsOf(saved), autoApproveReadOnlyTrusted: false, systemPrompt: 'Be brief.' },
        saved,
      ),
    ).toEqual({ autoApproveReadOnlyTrusted: false, systemPrompt: 'Be brief.' });
  });
});
