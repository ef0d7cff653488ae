// The link-question slice: asked by the window, opened through the host only when the user says so.
import { describe, expect, it } from 'vitest';
import { questionsSelectors } from '../../../../../renderer/store/questions/selectors';
import { storeWithFakeHost } from '../fake-host';

describe('questions slice', () => {
  it('starts with no question', () => {
    const { store } = storeWithFakeHost();
    expect(questionsSelectors.head(store.getState())).toBeNull();
    expect(questionsSelectors.count(store.getState())).toBe(0);
  });

  it('opens the link through the host only when the answer is yes, and tells whoever asked (a view’s ui/open-link waits for this)', async () => {
    const { host, store } = storeWithFakeHost();
    const refused = store
      .getState()
      .askToOpenLink({ href: 'https://a.example/', text: 'a', reasons: ['x'] });
    const accepted = store
      .getState()
      .askToOpenLink({ href: 'https://b.example/', text: 'b', reasons: ['y'] });
    expect(questionsSelectors.headSummary(store.getState())).toBe(
      'Open the link to https://a.example/?',
    );
    const [first, second] = store.getState().linkQuestions;
    store.getState().answerLink(first.id, false);
    store.getState().answerLink(second.id, true);
    expect(await refused).toBe(false);
    expect(await accepted).toBe(true);
    expect(host.opened).toEqual(['https://b.example/']);
    expect(questionsSelectors.count(store.getState())).toBe(0);
  });
});
