// The permissions slice against a fake host: the queue, answers, and the saved rules.
import { describe, expect, it } from 'vitest';
import type {
  PermissionRequestView,
  PermissionRuleView,
} from '../../../../../shared/permission-types';
import { permissionsSelectors } from '../../../../../renderer/store/permissions/selectors';
import { storeWithFakeHost } from '../fake-host';

const request = (id: string, createdAt: number) =>
  ({ id, createdAt, server: 'fs', qualifiedName: 'mcp__fs__write_file' }) as PermissionRequestView;
const rule = (text: string) => ({ list: 'allow', rule: text }) as PermissionRuleView;

describe('permissions slice', () => {
  it('starts with an empty queue and rules not loaded', () => {
    const { store } = storeWithFakeHost();
    expect(permissionsSelectors.queue(store.getState())).toEqual([]);
    expect(store.getState().ruleList.status).toBe('idle');
  });

  it('queues requests oldest first from load and events, and drops one once answered', async () => {
    const { host, store } = storeWithFakeHost();
    host.on('permissions:pending', () => [request('p2', 20)]);
    store.getState().subscribePermissions();
    await store.getState().loadPendingPermissions();
    host.emit('permissions:requested', request('p1', 10));
    expect(permissionsSelectors.queue(store.getState()).map((p) => p.id)).toEqual(['p1', 'p2']);
    host.on('permissions:answer', () => undefined);
    await store.getState().answerPermission('p1', 'allow-once');
    expect(host.calls.at(-1)).toEqual({
      channel: 'permissions:answer',
      args: { id: 'p1', decision: 'allow-once' },
    });
    expect(permissionsSelectors.queue(store.getState()).map((p) => p.id)).toEqual(['p2']);
    host.emit('permissions:resolved', { id: 'p2' } as never);
    expect(permissionsSelectors.queue(store.getState())).toEqual([]);
  });

  it('an answer core refused keeps the request and says why', async () => {
    const { host, store } = storeWithFakeHost();
    host.on('permissions:pending', () => [request('p1', 10)]);
    await store.getState().loadPendingPermissions();
    host.fail('permissions:answer', { code: 'not-found', message: 'The request timed out.' });
    const r = await store.getState().answerPermission('p1', 'deny');
    expect(r.ok).toBe(false);
    expect(permissionsSelectors.queue(store.getState())).toHaveLength(1);
    expect(permissionsSelectors.error(store.getState())?.message).toBe('The request timed out.');
  });

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
