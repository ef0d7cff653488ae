// The permissions slice against a fake host: the saved rules.
import { describe, expect, it } from 'vitest';
import type { PermissionRuleView } from '../../../../../shared/permission-types';
import { permissionsSelectors } from '../../../../../renderer/store/permissions/selectors';
import { storeWithFakeHost } from '../fake-host';

const rule = (text: string) => ({ list: 'allow', rule: text }) as PermissionRuleView;

describe('permissions slice', () => {
  it('loads rules, revokes one, and shows a failed load', async () => {
    const { host, store } = storeWithFakeHost();
    host.on('permissions:rules', () => [rule('mcp__fs__read'), rule('mcp__fs__write')]);
    await store.getState().loadRules();
    host.on('permissions:revoke-rule', () => [rule('mcp__fs__read')]);
    await store.getState().revokeRule('allow', 'mcp__fs__write');
    expect(permissionsSelectors.rules(store.getState())?.map((r) => r.rule)).toEqual([
      'mcp__fs__read',
    ]);
    host.fail('permissions:rules', {
      code: 'internal',
      message: 'settings.json line 2: expected ","',
    });
    await store.getState().loadRules();
    expect(permissionsSelectors.rulesError(store.getState())?.message).toBe(
      'settings.json line 2: expected ","',
    );
    expect(store.getState().ruleList.error?.code).toBe('internal');
  });
});
