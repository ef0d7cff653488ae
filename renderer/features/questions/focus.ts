// Where focus goes around questions: the composer keeps it when the user is typing, otherwise the
// question's heading takes it (never a button); F6 and Tab move between the two.

const COMPOSER = '[data-composer]';
const QUESTION = '[data-question]';
const HEADING = '[data-question-heading]';
export const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), textarea:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

export const isComposer = (el: Element | null): boolean => el?.matches(COMPOSER) === true;

// True while the composer has focus only because a closed question handed it back, not because the
// user went there: the next question (often a moment later) then takes focus as usual.
let handedBack = false;

/** Any key or pointer press: the user is where they want to be. */
export function noteUserInput(): void {
  handedBack = false;
}

/** Whether the user is working in the composer (a new question must leave focus there). */
export const userIsInComposer = (): boolean => isComposer(document.activeElement) && !handedBack;
export const composerPresent = (): boolean => document.querySelector(COMPOSER) !== null;
export const openQuestion = (): HTMLElement | null => document.querySelector<HTMLElement>(QUESTION);
export const focusInsideQuestion = (): boolean =>
  openQuestion()?.contains(document.activeElement) === true;

/** Moves focus to the open question's heading; false when no question is open. */
export function focusQuestion(): boolean {
  const heading = openQuestion()?.querySelector<HTMLElement>(HEADING);
  if (!heading) return false;
  heading.focus();
  return true;
}

/** Puts the caret in the composer: on F6 from a question, or `handingBack` after a question closed. */
export function focusComposer(handingBack = false): boolean {
  const composer = document.querySelector<HTMLElement>(COMPOSER);
  if (!composer) return false;
  composer.focus();
  handedBack = handingBack;
  return true;
}

/** The focusable element after (or before) `from` inside `root`, wrapping around. */
export function nextFocusable(
  root: HTMLElement,
  from: Element | null,
  backwards: boolean,
): HTMLElement | null {
  const items = Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => el.offsetParent !== null || el === from,
  );
  if (items.length === 0) return null;
  const at = from ? items.indexOf(from as HTMLElement) : -1;
  if (at < 0) return backwards ? items[items.length - 1] : items[0];
  return items[(at + (backwards ? items.length - 1 : 1)) % items.length];
}

const FIELD =
  'input:not([disabled]):not([type=button]):not([type=submit]):not([type=reset]), textarea:not([disabled]), select:not([disabled])';

/** The form field after (or before) `from` inside `root`, or null at the end: Enter never leaves the fields. */
export function nextField(
  root: HTMLElement,
  from: Element | null,
  backwards: boolean,
): HTMLElement | null {
  const fields = Array.from(root.querySelectorAll<HTMLElement>(FIELD));
  const at = from ? fields.indexOf(from as HTMLElement) : -1;
  return fields[at + (backwards ? -1 : 1)] ?? null;
}
