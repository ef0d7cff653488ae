import { expect, it } from 'vitest';
import type { PermissionRequestView } from '../../../../../shared/permission-types';
import type { LinkQuestion } from '../../../../../renderer/store/questions/initial-state';
import { headQuestion, questionCount } from '../../../../../renderer/store/questions/selectors';
import { storeWithFakeHost } from '../fake-host';

const permission = (id: string, createdAt: number) => ({ id, createdAt, qualifiedName: 'mcp__fs__write_file', server: 'fs' }) as PermissionRequestView;
const link = (id: string, createdAt: number): LinkQuestion => ({ id, createdAt, href: 'https://evil.invalid/', text: 'bank', reasons: ['x'] });

it('shows the oldest question of any kind first and counts them all', () => {
  expect(headQuestion({ permissionQueue: [], linkQuestions: [] })).toBeNull();
  const state = { permissionQueue: [permission('p1', 20)], linkQuestions: [link('l1', 10)] };
  expect(headQuestion(state)).toEqual({ kind: 'link', id: 'l1', summary: 'Open the link to https://evil.invalid/?' });
  expect(headQuestion({ ...state, linkQuestions: [link('l1', 30)] })).toEqual({ kind: 'permission', id: 'p1', summary: 'Allow mcp__fs__write_file from fs?' });
  expect(questionCount(state)).toBe(2);
});

it('tells whoever asked to open a link whether the user opened it (a view’s ui/open-link waits for this)', async () => {
  const { host, store } = storeWithFakeHost();
  const refused = store.getState().askToOpenLink({ href: 'https://a.example/', text: 'a', reasons: ['r'] });
  const accepted = store.getState().askToOpenLink({ href: 'https://b.example/', text: 'b', reasons: ['r'] });
  const [first, second] = store.getState().linkQuestions;
  store.getState().answerLink(first.id, false);
  store.getState().answerLink(second.id, true);
  expect(await refused).toBe(false);
  expect(await accepted).toBe(true);
  expect(host.opened).toEqual(['https://b.example/']);
  expect(store.getState().linkQuestions).toEqual([]);
});
