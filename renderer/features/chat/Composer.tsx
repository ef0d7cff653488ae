// The composer: multi-line (Enter sends, Shift+Enter new line), a draft per conversation, files by
// drag-and-drop, paste or picker, `/mcp` commands with completion, Stop while a turn runs, and
// the model and tool budget underneath.
import {
  useEffect,
  useRef,
  useState,
  type ClipboardEvent,
  type DragEvent,
  type KeyboardEvent,
} from 'react';
import { useShallow } from 'zustand/react/shallow';
import { CompletionList, optionId } from '../../components/CompletionList';
import { ErrorNote } from '../../components/ErrorNote';
import { lastUserMessage } from '../../lib/chat-reducer';
import { looksLikeSecret } from '../../lib/draft-storage';
import { formatTokens } from '../../lib/format';
import { focusComposer, focusQuestion } from '../questions/focus';
import { completeSlashCommand, isSlashCommand } from '../../lib/slash-commands';
import { useLena, useLenaActions } from '../../store';
import { chatSelectors } from '../../store/chat/selectors';
import { serversSelectors } from '../../store/servers/selectors';
import { appSelectors } from '../../store/app/selectors';
import { conversationsSelectors } from '../../store/conversations/selectors';
import { ChatToolsMenu } from './ChatToolsMenu';
import { ModelPicker } from './ModelPicker';
import { ThinkingControls } from './ThinkingControls';
import { readAttachments } from './read-files';
import { runSlashCommand } from './run-slash';
import { useComposerPrompts } from '../prompts/ComposerPrompts';
import { ResourceChip } from '../resources/ResourceChip';
import { ResourcePicker } from '../resources/ResourcePicker';

const COMMANDS_ID = 'command-completions';

// Long: draft, attachments, slash commands and pickers share the text area's state and keys.
export function Composer() {
  const draft = useLena(chatSelectors.draft);
  const attachments = useLena(chatSelectors.attachments);
  const running = useLena(chatSelectors.running);
  const sendError = useLena(chatSelectors.sendError);
  const budget = useLena(chatSelectors.budget);
  // Tools at scale: what the latest request of this conversation carried (loaded / deferred).
  const sent = useLena(chatSelectors.lastRequestTools);
  const serverNames = useLena(useShallow(serversSelectors.names));
  const {
    setDraft,
    send,
    stop,
    addAttachments,
    removeAttachment,
    setEditing,
    setView,
    claimComposerFocus,
    loadBudget,
  } = useLenaActions();
  const [fileErrors, setFileErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [dragging, setDragging] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const completions = completeSlashCommand(draft, serverNames);
  const [picked, setPicked] = useState(0);
  const choice = completions[Math.min(picked, completions.length - 1)] ?? null;
  const focusTick = useLena(appSelectors.composerFocus);
  // The token count is this conversation's (its own tool switches, issue 16).
  const activeId = useLena(conversationsSelectors.activeId);
  useEffect(() => {
    void loadBudget();
  }, [activeId, loadBudget]);
  useEffect(() => {
    // A new or chosen conversation brings the caret here; so do launch and a page closing (the
    // composer mounts) unless the user is already somewhere. Marked as handed back, so a question
    // arriving before the user types still takes focus as usual.
    const asked = claimComposerFocus();
    const idle = document.activeElement === null || document.activeElement === document.body;
    if (asked || idle) focusComposer(true);
  }, [focusTick, claimComposerFocus]);
  const prompts = useComposerPrompts(draft, setDraft); // issue 22: `/server:prompt`
  const [picking, setPicking] = useState(false);
  const listbox =
    prompts.listbox ??
    (choice
      ? { id: COMMANDS_ID, active: optionId(COMMANDS_ID, completions.indexOf(choice)) }
      : null);

  const addFiles = async (files: File[]) => {
    if (files.length === 0) return;
    const r = await readAttachments(files);
    addAttachments(r.attachments);
    setFileErrors(r.errors);
  };

  const submit = async () => {
    const text = draft.trim();
    if (busy || (text === '' && attachments.length === 0)) return;
    setBusy(true);
    try {
      if (prompts.onSubmit(text)) return;
      if (isSlashCommand(text)) {
        setDraft('');
        await runSlashCommand(text);
      } else await send(text);
    } finally {
      setBusy(false);
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (prompts.onKeyDown(e)) return;
    if ((e.key === 'ArrowDown' || e.key === 'ArrowUp') && completions.length > 0) {
      e.preventDefault();
      setPicked(
        (p) => (p + (e.key === 'ArrowDown' ? 1 : completions.length - 1)) % completions.length,
      );
    } else if (e.key === 'Tab' && choice) {
      e.preventDefault();
      setPicked(0);
      setDraft(choice + (/(reload|remove|add)$/.test(choice) ? ' ' : ''));
    } else if (
      e.key === 'Tab' &&
      !e.shiftKey &&
      !e.ctrlKey &&
      !e.altKey &&
      !e.metaKey &&
      focusQuestion()
    ) {
      // A question is waiting: Tab (like F6) moves into it; the draft stays as typed.
      e.preventDefault();
    } else if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void submit();
    } else if (e.key === 'ArrowUp' && draft === '') {
      const last = lastUserMessage(useLena.getState().openChat.value?.messages ?? []);
      if (last && !running) {
        e.preventDefault();
        setEditing(last.id);
      }
    }
  };

  const onPaste = (e: ClipboardEvent) => {
    const files = Array.from(e.clipboardData.files);
    if (files.length > 0) {
      e.preventDefault();
      void addFiles(files);
    }
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    void addFiles(Array.from(e.dataTransfer.files));
  };

  // The prompt form and the resource picker are forms of their own: outside the composer's form.
  const extras = (prompts.element || picking) && (
    <div className="composer-extras">
      {prompts.element}
      {picking && (
        <ResourcePicker
          onClose={() => {
            setPicking(false);
            document.querySelector<HTMLTextAreaElement>('[data-composer]')?.focus();
          }}
        />
      )}
    </div>
  );
  return (
    <>
      {extras}
      <form
        className={`composer ${dragging ? 'dragging' : ''}`}
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        {sendError && (
          <ErrorNote title="Your message was not sent" error={sendError}>
            {sendError.action === 'open-settings' ? (
              <button onClick={() => setView('settings')}>Open settings</button>
            ) : null}
          </ErrorNote>
        )}
        {fileErrors.map((m) => (
          <p key={m} className="error small" role="alert">
            {m}
          </p>
        ))}
        {attachments.length > 0 && (
          <ul className="attachments" aria-label="Attachments">
            {attachments.map((a, i) =>
              a.kind === 'resource' ? (
                <ResourceChip key={i} attachment={a} index={i} />
              ) : (
                <li key={i} className="attachment-chip">
                  {a.kind === 'image' ? (
                    <img src={`data:${a.mimeType};base64,${a.data}`} alt="" />
                  ) : (
                    'TXT'
                  )}{' '}
                  {a.name}
                  <button
                    type="button"
                    className="ghost icon"
                    aria-label={`Remove ${a.name}`}
                    onClick={() => removeAttachment(i)}
                  >
                    ×
                  </button>
                </li>
              ),
            )}
          </ul>
        )}
        {completions.length > 0 && (
          <CompletionList
            id={COMMANDS_ID}
            label="Command completions"
            items={completions}
            picked={choice}
            keyOf={(c) => c}
            onChoose={(c) => setDraft(c + ' ')}
          >
            {(c) => c}
          </CompletionList>
        )}
        {looksLikeSecret(draft) && (
          <p className="warning small" role="note">
            This looks like an API key or token: the draft is kept in memory only (not saved to
            disk), and sending it shares it with Claude.
          </p>
        )}
        <textarea
          data-composer
          rows={3}
          placeholder="Message Claude…  (/mcp for servers)"
          aria-label="Message"
          aria-controls={listbox?.id}
          aria-activedescendant={listbox?.active}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
        />
        <div className="composer-bar">
          <button
            type="button"
            className="ghost"
            onClick={() => fileInput.current?.click()}
            aria-label="Attach files"
            title="Attach images or text files (or drop or paste them)"
          >
            + Attach
          </button>
          <button
            type="button"
            className="ghost"
            onClick={() => setPicking((p) => !p)}
            aria-expanded={picking}
            aria-label="Attach a resource"
            title="Attach a resource from a connected server"
          >
            + Resource
          </button>
          <input
            ref={fileInput}
            type="file"
            multiple
            hidden
            onChange={(e) => {
              void addFiles(Array.from(e.target.files ?? []));
              e.target.value = '';
            }}
          />
          <span className="muted small" data-testid="composer-model">
            <ModelPicker /> <ThinkingControls />
          </span>
          <ChatToolsMenu />
          {budget && (
            <span
              className="muted small composer-tokens"
              data-testid="composer-tokens"
              title="What this conversation's tool definitions cost in every request"
            >
              {budget.exact ? '' : '≈'}
              {formatTokens(budget.totalToolTokens)}
            </span>
          )}
          {sent?.engaged && (
            <span
              className="muted small composer-deferral"
              data-testid="composer-deferral"
              title={`Tool definitions above the budget are deferred: the model finds them with ${sent.mode === 'native' ? "Anthropic's" : "Lena's"} tool search. Sending all would cost ≈${formatTokens(sent.allTokens)}.`}
            >
              {sent.loaded} loaded · {sent.deferred} deferred · ≈{formatTokens(sent.tokens)} per
              request
            </span>
          )}
          <span className="spacer" />
          <span className="muted small hide-narrow">Enter to send · Shift+Enter new line</span>
          {running ? (
            <button
              type="button"
              className="danger"
              onClick={() => void stop()}
              title="Stop (Esc or Ctrl+.)"
            >
              ■ Stop
            </button>
          ) : (
            <button className="primary" type="submit" disabled={busy}>
              Send
            </button>
          )}
        </div>
      </form>
    </>
  );
}
