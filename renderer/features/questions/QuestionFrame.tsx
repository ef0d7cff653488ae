// The one frame every question Lena asks is shown in (tool permissions now; sampling,
// elicitation, sign-in, App messages and tool acceptance plug in their own body). It owns the
// rules that keep a question from being answered by accident:
// * focus: the composer keeps it when the user is typing (the question is announced and F6 or
//   Tab moves in); otherwise the heading takes it, never a button;
// * arming: input is ignored for a short delay after the question (or a step of it) appears;
// * keys: auto-repeat never acts, no single letter is a shortcut, Ctrl/Cmd+Enter is the one
//   keyboard approval, Escape gives the safe answer, Enter in a field moves to the next field.
import {
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type SyntheticEvent,
} from 'react';
import { Marked } from '../../components/Marked';
import { useEscape } from '../../components/use-escape';
import { useOverflows } from '../../components/use-overflows';
import { isMac } from '../../components/use-shortcuts';
import { AnswerRow, type QuestionAnswer } from './AnswerRow';
import { armingDelayMs, onArmingDelayChanged } from './arming';
import type { Elsewhere } from './elsewhere';
import { composerPresent, nextField, nextFocusable, userIsInComposer } from './focus';
import { keyTargetOf, questionKey } from './keys';

export interface QuestionFrameProps {
  /** The question's identity: when it changes, focus is placed again (heading, or stays in the composer). */
  questionId: string;
  /** Changes with every step that must be armed again (a new question, an "Are you sure?" step). */
  armKey?: string;
  heading: ReactNode;
  /** A line under the heading, kept in the frame's header (the tool's qualified name). */
  subheading?: ReactNode;
  /** Set when the question comes from another conversation: named in the header, with "Go to chat". */
  elsewhere?: Elsewhere | null;
  /** "1 of 3" when more questions wait. */
  position?: number;
  total?: number;
  /** What Ctrl/Cmd+Enter and the primary button do, and its label in the hint line; none when the step has no chord. */
  primary?: QuestionAnswer | null;
  /** What Escape and the safe button do (deny, cancel), and its label. */
  cancel: QuestionAnswer;
  /** Other answers shown between the safe and the primary button. */
  choices?: ReactNode;
  /** Extra class names for the body's own styling (`permission-question`). */
  className?: string;
  children: ReactNode;
  /** A step's own foot (the "Are you sure?" step, the permission's choices) instead of the answer row. */
  footer?: ReactNode;
}

/** Whether the question with `armKey` has waited out its arming delay (a setting change applies at once). */
function useArmed(armKey: string): boolean {
  const delay = useMemo(() => armingDelayMs(), [armKey]);
  const [armedKey, setArmedKey] = useState<string | null>(null);
  useEffect(() => {
    const shownAt = performance.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      clearTimeout(timer);
      const left = shownAt + armingDelayMs() - performance.now();
      if (left <= 0) setArmedKey(armKey);
      else timer = setTimeout(() => setArmedKey(armKey), left);
    };
    schedule();
    const off = onArmingDelayChanged(schedule);
    return () => {
      clearTimeout(timer);
      off();
    };
  }, [armKey]);
  return delay <= 0 || armedKey === armKey;
}

// Long: focus, arming delay, keys and confirmation are one frame's effects over shared refs.
export function QuestionFrame({
  questionId,
  armKey,
  heading,
  subheading,
  elsewhere,
  position = 1,
  total = 1,
  primary,
  cancel,
  className = '',
  choices,
  children,
  footer,
}: QuestionFrameProps) {
  const root = useRef<HTMLElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const body = useRef<HTMLDivElement>(null);
  const bodyScrolls = useOverflows(body);
  const headingId = useId();
  const armed = useArmed(armKey ?? questionId);
  const [inside, setInside] = useState(false);
  // A press that began before the question was armed never becomes a click on it.
  const pressedUnarmed = useRef(false);

  useLayoutEffect(() => {
    if (userIsInComposer()) return;
    headingRef.current?.focus();
  }, [questionId]);

  // Escape outside the question (the composer keeps focus while a question waits) gives the safe
  // answer too, before it could stop the turn; an unarmed question takes Escape and ignores it.
  useEscape('question', () => {
    if (armed) cancel.run();
  });

  const swallow = (e: SyntheticEvent) => {
    e.preventDefault();
    e.stopPropagation();
  };

  const onKeyDownCapture = (e: KeyboardEvent) => {
    const el = root.current;
    if (!el) return;
    if (e.key === 'Tab' && !e.ctrlKey && !e.altKey && !e.metaKey && !e.repeat) {
      // Tab cycles inside the question; F6 (handled by the host) leaves it.
      swallow(e);
      nextFocusable(el, document.activeElement, e.shiftKey)?.focus();
      return;
    }
    const verdict = questionKey(e.nativeEvent, {
      armed,
      mac: isMac(),
      target: keyTargetOf(e.target as Element),
    });
    if (verdict === 'pass') return;
    swallow(e);
    if (verdict === 'primary') {
      if (!primary?.disabled) primary?.run();
    } else if (verdict === 'cancel') cancel.run();
    else if (verdict === 'next-field' || verdict === 'previous-field')
      nextField(el, e.target as Element, verdict === 'previous-field')?.focus();
  };

  const onPointerDownCapture = () => {
    pressedUnarmed.current = !armed;
  };
  const onClickCapture = (e: SyntheticEvent) => {
    if (!armed || pressedUnarmed.current) swallow(e);
    pressedUnarmed.current = false;
  };

  const chord = isMac() ? '⌘Enter' : 'Ctrl+Enter';
  return (
    <section
      ref={root}
      className={`question ${className}`}
      role="dialog"
      aria-modal="false"
      aria-labelledby={headingId}
      data-question={questionId}
      data-armed={armed ? 'true' : 'false'}
      onKeyDownCapture={onKeyDownCapture}
      onPointerDownCapture={onPointerDownCapture}
      onClickCapture={onClickCapture}
      onFocus={() => setInside(true)}
      onBlur={(e) => setInside(root.current?.contains(e.relatedTarget as Node | null) === true)}
    >
      <header className="question-head">
        {elsewhere && (
          <p className="question-elsewhere small" data-testid="question-elsewhere">
            <span>
              Asked in another conversation: “<Marked text={elsewhere.title} />”
            </span>
            <button className="link-button" onClick={elsewhere.go}>
              Go to chat
            </button>
          </p>
        )}
        <div className="question-title-row">
          <h2 id={headingId} ref={headingRef} tabIndex={-1} data-question-heading>
            {heading}
          </h2>
          {total > 1 && (
            <span className="badge" aria-label={`Question ${position} of ${total}`}>
              {position} of {total}
            </span>
          )}
        </div>
        {subheading}
      </header>
      {/* One line whatever it says, so focus moving in never shifts the buttons under the pointer. */}
      <p className={`question-hint small ${inside ? 'inside' : ''}`} data-testid="question-hint">
        {inside ? (
          <>
            {armed ? '' : 'Ready in a moment… '}
            {primary ? `${chord}: ${primary.label} · ` : ''}Esc: {cancel.label} · Tab moves between
            the choices{composerPresent() ? ' · Shift+F6 back to the message box' : ''}
          </>
        ) : (
          <>
            Lena is waiting for your answer. Press <kbd>F6</kbd> to answer here
            {composerPresent() ? '; what you type stays in the message box' : ''}.
          </>
        )}
      </p>
      {/* A body that scrolls is a stop of its own, so the keyboard can scroll it. */}
      <div
        ref={body}
        className="question-body"
        {...(bodyScrolls
          ? { tabIndex: 0, role: 'group', 'aria-label': 'The question in full' }
          : {})}
      >
        {children}
      </div>
      <footer className="question-foot">
        {footer ?? <AnswerRow cancel={cancel} primary={primary} choices={choices} />}
      </footer>
    </section>
  );
}

/** The inline "Are you sure?" step: Cancel is the default (focused), the lasting choice is second. */
export function ConfirmStep({
  children,
  confirmLabel,
  onConfirm,
  onCancel,
}: {
  children: ReactNode;
  confirmLabel: string;
  onConfirm(): void;
  onCancel(): void;
}) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const stepRef = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    cancelRef.current?.focus();
    const step = stepRef.current;
    const heading = step
      ?.closest('[data-question]')
      ?.querySelector<HTMLElement>('[data-question-heading]');
    // Leaving the step (Cancel, Escape) takes focus back to the question's heading, never to a button.
    return () => {
      if (
        !document.activeElement ||
        document.activeElement === document.body ||
        step?.contains(document.activeElement)
      )
        heading?.focus();
    };
  }, []);
  return (
    <div className="confirm-step" role="group" aria-label="Are you sure?" ref={stepRef}>
      <p role="alert">{children}</p>
      <div className="row">
        <button ref={cancelRef} className="default-choice" onClick={onCancel}>
          Cancel
        </button>
        <button className="danger" onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </div>
  );
}
