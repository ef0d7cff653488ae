// Every question's answer buttons come from one row, built from the answers the frame's keys run:
// the safe answer first with Esc, other choices, then the primary answer; a waiting step shows
// its safe answer alone on the right.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AnswerRow } from '../../../../../renderer/features/questions/AnswerRow';

const run = () => undefined;
const buttons = (html: string) =>
  [...html.matchAll(/<(button|span class="spacer")[^>]*>(.*?)(<\/button>|<\/span>)/g)].map((m) =>
    m[1] === 'button'
      ? `${m[2].replace(/<[^>]+>/g, '').trim()}${/disabled/.test(m[0]) ? ' (disabled)' : ''}`
      : '|',
  );

describe('the answer row', () => {
  it('puts the safe answer first with Esc, then the choices, then the primary answer', () => {
    const html = renderToStaticMarkup(
      createElement(AnswerRow, {
        cancel: { label: 'Don’t open it', button: 'Don’t open', run },
        primary: { label: 'Open the link', button: 'Open in the browser', run, disabled: true },
        choices: createElement('button', null, 'Decline'),
      }),
    );
    expect(buttons(html)).toEqual([
      'Don’t open Esc',
      'Decline',
      '|',
      'Open in the browser (disabled)',
    ]);
  });

  it('shows a waiting step’s safe answer alone on the right', () => {
    const html = renderToStaticMarkup(
      createElement(AnswerRow, { cancel: { label: 'Close', run }, primary: null }),
    );
    expect(buttons(html)).toEqual(['|', 'Close Esc']);
  });

  it('shows no button for an answer only Escape gives (an elicitation offers Decline or Submit)', () => {
    const html = renderToStaticMarkup(
      createElement(AnswerRow, {
        cancel: { label: 'Cancel', run, keyOnly: true },
        primary: { label: 'Submit', button: 'Submit to every', run },
        choices: createElement('button', null, 'Decline'),
      }),
    );
    expect(buttons(html)).toEqual(['Decline', '|', 'Submit to every']);
  });
});
