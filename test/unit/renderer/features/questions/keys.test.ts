import { describe, expect, it } from 'vitest';
import {
  questionKey,
  type KeyInput,
  type KeyTarget,
} from '../../../../../renderer/features/questions/keys';

const key = (k: string, extra: Partial<KeyInput> = {}): KeyInput => ({
  key: k,
  repeat: false,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...extra,
});
const on = (target: KeyTarget, armed = true, mac = false) => ({ target, armed, mac });

describe('keys inside a question', () => {
  it('approves only with the deliberate chord (Ctrl+Enter, ⌘Enter on macOS)', () => {
    expect(questionKey(key('Enter', { ctrlKey: true }), on('other'))).toBe('primary');
    expect(questionKey(key('Enter', { metaKey: true }), on('button', true, true))).toBe('primary');
    expect(questionKey(key('Enter', { metaKey: true }), on('other'))).toBe('ignore');
    expect(questionKey(key('Enter'), on('other'))).toBe('ignore');
  });
  it('lets Enter and Space activate only the button that has focus', () => {
    expect(questionKey(key('Enter'), on('button'))).toBe('pass');
    expect(questionKey(key(' '), on('other'))).toBe('pass');
  });
  it('has no letter shortcuts: letters pass to the focused control', () => {
    for (const k of ['a', 'c', 's', 'd', 'y'])
      expect(questionKey(key(k), on('other'))).toBe('pass');
  });
  it('ignores every answering key until armed, but lets focus move', () => {
    for (const k of [key('Enter'), key('Enter', { ctrlKey: true }), key('Escape'), key(' ')])
      expect(questionKey(k, on('button', false))).toBe('ignore');
    expect(questionKey(key('Tab'), on('button', false))).toBe('pass');
    expect(questionKey(key('F6'), on('other', false))).toBe('pass');
  });
  it('ignores auto-repeat, except editing keys held in a text field', () => {
    expect(questionKey(key('Enter', { repeat: true }), on('button'))).toBe('ignore');
    expect(questionKey(key('Enter', { repeat: true, ctrlKey: true }), on('other'))).toBe('ignore');
    expect(questionKey(key('Enter', { repeat: true }), on('field'))).toBe('ignore');
    expect(questionKey(key('Backspace', { repeat: true }), on('textarea'))).toBe('pass');
  });
  it('Escape gives the safe answer', () => {
    expect(questionKey(key('Escape'), on('field'))).toBe('cancel');
  });
  it('Enter in a form field moves to the next field and never submits', () => {
    expect(questionKey(key('Enter'), on('field'))).toBe('next-field');
    expect(questionKey(key('Enter', { shiftKey: true }), on('field'))).toBe('previous-field');
    expect(questionKey(key('Enter'), on('textarea'))).toBe('next-field');
    expect(questionKey(key('Enter', { shiftKey: true }), on('textarea'))).toBe('pass');
  });
});
