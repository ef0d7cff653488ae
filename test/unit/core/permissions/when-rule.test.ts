// "Always allow when…" from the question (issue 40 items 5 and 6): the rule is suggested from the
// call's arguments, offered only for a trusted server, previewed against the waiting call and
// stored as an allow rule on those arguments. Also the settings list: each rule says in words
// what it matches, and revoking a rule object removes that one only.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AskBroker, type PendingRequest } from '../../../../electron/core/permissions/broker';
import { removeRule } from '../../../../electron/core/permissions/rules';
import { PermissionService } from '../../../../electron/core/permissions/service';
import { MemoryPermissionStore } from '../../../../electron/core/permissions/store';
import type { PathPlatform } from '../../../../electron/core/permissions/arg-paths';
import type { PermissionLists } from '../../../../electron/core/permissions/types';
import { ruleViews } from '../../../../electron/core/permissions/view';
import { suggestWhenRule } from '../../../../electron/core/permissions/when-rule';
import { call, FS, tool } from './requests';

const platform: PathPlatform = {
  os: 'linux',
  home: '/home/me',
  realpath: (p) => {
    throw Object.assign(new Error(`ENOENT ${p}`), { code: 'ENOENT' });
  },
};
const WRITE = tool('write_file', {
  inputSchema: {
    type: 'object',
    properties: { path: { type: 'string' }, content: { type: 'string' } },
  },
});
const write = (path: string) =>
  call('write_file', { tool: WRITE, args: { path, content: 'hello\nworld' } });

let broker: AskBroker;
let asked: PendingRequest[];
beforeEach(() => {
  broker = new AskBroker({ timeoutMs: 10_000 });
  asked = [];
  broker.on('requested', (request) => asked.push(request as PendingRequest));
});
afterEach(() => broker.cancelAll('test over'));

async function gate(trusted: boolean) {
  const store = new MemoryPermissionStore();
  const service = await PermissionService.create({ store, broker, pathPlatform: platform });
  if (trusted) await service.trust(FS);
  return service;
}
const waitAsked = async (n: number) => {
  for (let i = 0; i < 50 && asked.length < n; i++) await new Promise((r) => setTimeout(r, 5));
  return asked[n - 1];
};

describe('the suggested rule', () => {
  it('takes a path argument as its folder, with ~ for the home folder, and leaves content out', () => {
    expect(
      suggestWhenRule(
        'mcp__fs__write_file',
        { path: '/home/me/notes/a.md', content: 'x' },
        WRITE.inputSchema,
        '/home/me',
      ),
    ).toBe('mcp__fs__write_file(path:~/notes/**)');
    expect(
      suggestWhenRule('mcp__w__get', { city: 'Paris, FR', days: 3 }, undefined, '/home/me'),
    ).toBe('mcp__w__get(city:"Paris, FR", days:3)');
    expect(suggestWhenRule('mcp__w__get', { text: 'a\nb' }, undefined, '/home/me')).toBeNull();
  });
});

describe('always allow when', () => {
  it('is offered only for a trusted server, prefilled from the call', async () => {
    const untrusted = await gate(false);
    void untrusted.authorize(write('/home/me/notes/a.md'));
    const first = await waitAsked(1);
    expect(first.offered).not.toContain('always-allow-when');
    expect(first.whenRule).toBeNull();
    expect(() =>
      broker.answer(first.id, {
        kind: 'always-allow-when',
        rule: 'mcp__fs__write_file(path:~/notes/**)',
      }),
    ).toThrow(/trusted/);

    const trusted = await gate(true);
    void trusted.authorize(write('/home/me/notes/b.md'));
    const second = await waitAsked(2);
    expect(second.offered).toContain('always-allow-when');
    expect(second.whenRule).toBe('mcp__fs__write_file(path:~/notes/**)');
  });

  it('previews the rule against the waiting call, then stores it: notes run, elsewhere asks', async () => {
    const service = await gate(true);
    const first = service.authorize(write('/home/me/notes/a.md'));
    const question = await waitAsked(1);
    const rule = 'mcp__fs__write_file(path:~/notes/**)';
    expect(service.previewRule(question.id, rule)).toEqual({
      decision: 'allow',
      decidedBy: `rule allow ${rule} (user)`,
      error: null,
    });
    expect(service.previewRule(question.id, 'mcp__fs__write_file(path:~/docs/**)')).toMatchObject({
      decision: 'ask',
      error: null,
    });
    expect(service.previewRule(question.id, 'mcp__fs__write_file(path:a,b)').error).toMatch(
      /column/,
    );
    expect(service.previewRule(question.id, 'mcp__fs__write_file').error).toMatch(/no conditions/);
    expect(service.current().permissions.allow).toEqual([]);

    broker.answer(question.id, { kind: 'always-allow-when', rule });
    expect((await first).audit.decidedBy).toBe(
      `asked: always allowed these arguments (added rule allow ${rule})`,
    );
    expect(service.current().permissions.allow.map((r) => r.rule)).toEqual([rule]);
    expect((await service.authorize(write('/home/me/notes/sub/c.md'))).audit.decidedBy).toBe(
      `rule allow ${rule} (user)`,
    );
    void service.authorize(write('/home/me/notes/../.bashrc'));
    expect((await waitAsked(2)).rule).toContain('does not match these arguments');
  });
});

describe('a call an ask rule raised', () => {
  it('records the ask rule beside the answer', async () => {
    const store = new MemoryPermissionStore();
    const service = await PermissionService.create({ store, broker, pathPlatform: platform });
    const rule = 'mcp__fs__write_file(path:~/secret/**)';
    await service.addRule('ask', { rule });
    const result = service.authorize(write('/home/me/secret/a.md'));
    broker.answer((await waitAsked(1)).id, { kind: 'allow-once' });
    expect((await result).audit.decidedBy).toBe(
      `asked: allowed once · asked by rule ask ${rule} (user)`,
    );
  });
});

describe('the settings list', () => {
  const lists: PermissionLists = {
    allow: [
      { rule: 'mcp__fs__write_file', args: { path: { under: '~/notes' } } },
      { rule: 'mcp__fs__write_file', args: { path: { under: '~/docs' } } },
    ],
    ask: [],
    deny: [{ rule: 'mcp__fs__delete(path:/etc/**)' }],
  };

  it('says what each rule matches, a rule object with its args', () => {
    const state = { permissions: lists, trusted: {}, autoApproveReadOnlyTrusted: true };
    const views = ruleViews(state, {}, new Map());
    expect(views.map((v) => [v.list, v.args, v.matches])).toEqual([
      ['deny', null, 'delete (fs) when path matches /etc/**'],
      ['allow', { path: { under: '~/notes' } }, 'write_file (fs) when path is under ~/notes'],
      ['allow', { path: { under: '~/docs' } }, 'write_file (fs) when path is under ~/docs'],
    ]);
  });

  it('revokes one rule object, not every rule of the same text', () => {
    const left = removeRule(lists, 'allow', 'mcp__fs__write_file', { path: { under: '~/docs' } });
    expect(left.allow).toEqual([lists.allow[0]]);
  });
});
