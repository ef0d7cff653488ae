import { expect, it } from 'vitest';
import type { PermissionRequestView } from '../../../../../shared/permission-types';
import type { LinkQuestion } from '../../../../../renderer/store/questions/initial-state';
import { headQuestion, questionCount } from '../../../../../renderer/store/questions/selectors';

const permission = (id: string, createdAt: number) =>
  ({ id, createdAt, qualifiedName: 'mcp__fs__write_file', server: 'fs' }) as PermissionRequestView;
const link = (id: string, createdAt: number): LinkQuestion => ({
  id,
  createdAt,
  href: 'https://evil.invalid/',
  text: 'bank',
  reasons: ['x'],
});

it('shows the oldest question of any kind first and counts them all', () => {
  expect(headQuestion({ permissionQueue: [], linkQuestions: [] })).toBeNull();
  const state = { permissionQueue: [permission('p1', 20)], linkQuestions: [link('l1', 10)] };
  expect(headQuestion(state)).toEqual({
    kind: 'link',
    id: 'l1',
    summary: 'Open the link to https://evil.invalid/?',
  });
  expect(headQuestion({ ...state, linkQuestions: [link('l1', 30)] })).toEqual({
    kind: 'permission',
    id: 'p1',
    summary: 'Allow mcp__fs__write_file from fs?',
  });
  expect(questionCount(state)).toBe(2);
});
