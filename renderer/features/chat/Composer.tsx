// The composer: multi-line (Enter sends, Shift+Enter new line), a draft per conversation, files by
// drag-and-drop, paste or the "+" menu, one "/" list of prompts and `/mcp` commands, Stop while a
// turn runs. Its bar has four stops ("+", model, tools, Send); the token figures beside them are
// text, and what is added later goes inside those four.
import { isMac } from '../../components/use-shortcuts';
import { formatShortcut } from '../../lib/shortcuts';
import {
  useEffect,
  useRef,
  useState,
  type ClipboardEvent,
  type DragEvent,
  type KeyboardEvent,
} from 'react';
import { useShallow } from 'zustand/react/shallow';
import { ErrorNote } from '../../components/ErrorNote';
import { lastUserMessage } from '../../lib/chat-reducer';
import { looksLikeSecret } from '../../lib/draft-storage';
import { formatTokens } from '../../lib/format';
import { focusComposer, focusQuestion } from '../questions/focus';
import { isSlashCommand } from '../../lib/slash-commands';
import { useLena, useLenaActions } from '../../store';
import { chatSelectors } from '../../store/chat/selectors';
import { serversSelectors } from '../../store/servers/selectors';
import { appSelectors } from '../../store/app/selectors';
import { conversationsSelectors } from '../../store/conversations/selectors';
import { AddMenu, type AddMenuItem } from './AddMenu';
import { AttachmentChips } from './AttachmentChips';
import { ChatToolsMenu } from './ChatToolsMenu';
import { AttachmentsCost, ContextMeter, ContextWarning } from './ContextMeter';
import { ModelPicker } from './ModelPicker';
import { useSlashList } from './SlashList';
import { readAttachments } from './read-files';
import { runSlashCommand } from './run-slash';
import { useComposerPrompts } from '../prompts/ComposerPrompts';
import { ResourcePicker } from '../resources/ResourcePicker';
import { skillsSelectors } from '../../store/skills/initial-state';
import { skillCommandOf, skillMessage } from '../skills/skill-command';
import { SkillsPanel } from '../skills/SkillsPanel';
import { useSkillItems } from '../skills/use-skill-items';

// Long: draft, attachments, slash commands and pickers share the text area's state and keys.
/** `collapsed`: a question is open, so the composer is one line and gives the rest to it. */
export function Composer({ collapsed = false }: { collapsed?: boolean } = {}) {
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
    setEditing,
    setView,
    claimComposerFocus,
    loadBudget,
  } = useLenaActions();
  const [fileErrors, setFileErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [dragging, setDragging] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
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
  const skills = useLena(useShallow(skillsSelectors.skills));
  const slash = useSlashList({
    draft,
    setDraft,
    serverNames,
    prompts: prompts.commands,
    skills,
    choosePrompt: prompts.choose,
  });
  const [picking, setPicking] = useState(false);
  const skillItems = useSkillItems(draft, setDraft);
  const skillsOpen = useLena(skillsSelectors.open);
  const box = () => document.querySelector<HTMLTextAreaElement>('[data-composer]');
  const addItems: AddMenuItem[] = [
    {
      id: 'files',
      label: 'Files from your computer…',
      hint: 'or drop, paste',
      run: () => fileInput.current?.click(),
    },
    { id: 'resource', label: 'A resource from a server…', run: () => setPicking(true) },
    {
      id: 'prompt',
      label: 'A prompt from a server…',
      hint: '/',
      run: () => {
        setDraft('/');
        box()?.focus();
      },
    },
    ...skillItems,
  ];

  const addFiles = async (files: File[], folders?: ReadonlySet<string>) => {
    if (files.length === 0) return;
    const r = await readAttachments(files, folders);
    addAttachments(r.attachments);
    setFileErrors(r.errors);
  };

  const submit = async () => {
    const text = draft.trim();
    if (busy || (text === '' && attachments.length === 0)) return;
    setBusy(true);
    try {
      if (prompts.onSubmit(text)) return;
      const skill = skillCommandOf(text, skills);
      if (skill) await send(skillMessage(skill, text));
      else if (isSlashCommand(text)) {
        setDraft('');
        await runSlashCommand(text);
      } else await send(text);
      // The notes about files left out belong to the message just sent.
      setFileErrors([]);
    } finally {
      setBusy(false);
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (slash.onKeyDown(e)) return;
    if (
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
    // A dropped folder arrives as a File too; its entry says what it is (read during the event).
    const folders = new Set(
      Array.from(e.dataTransfer.items ?? [])
        .map((item) => item.webkitGetAsEntry?.())
        .filter((entry) => entry?.isDirectory)
        .map((entry) => entry!.name),
    );
    void addFiles(Array.from(e.dataTransfer.files), folders);
  };

  // The prompt form and the resource picker are forms of their own: outside the composer's form.
  const extras = (prompts.element || picking || skillsOpen) && (
    <div className="composer-extras">
      {prompts.element}
      <SkillsPanel />
      {picking && (
        <ResourcePicker
          onClose={() => {
            setPicking(false);
            box()?.focus();
          }}
        />
      )}
    </div>
  );
  return (
    <>
      {extras}
      <form
        className={`composer ${dragging ? 'dragging' : ''} ${collapsed ? 'collapsed' : ''}`}
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
        <AttachmentChips attachments={attachments} />
        {slash.element}
        {!collapsed && <ContextWarning />}
        {looksLikeSecret(draft) && (
          <p className="warning small" role="note">
            This looks like an API key or token: the draft is kept in memory only (not saved to
            disk), and sending it shares it with Claude.
          </p>
        )}
        <textarea
          data-composer
          rows={collapsed ? 1 : 3}
          placeholder="Message Claude…  (/ for prompts and commands)"
          aria-label="Message"
          {...slash.boxProps}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
        />
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
        <div className="composer-bar">
          <AddMenu items={addItems} />
          <ModelPicker />
          <ChatToolsMenu />
          {/* Figures, not stops: the context and cost meter, what the tool definitions cost. */}
          <span className="composer-meter" data-testid="composer-meter">
            <ContextMeter />
            <AttachmentsCost />
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
                {sent.loaded} loaded · {sent.deferred} deferred
                <span className="hide-narrow"> · ≈{formatTokens(sent.tokens)} per request</span>
              </span>
            )}
          </span>
          <span className="spacer" />
          <span className="muted small hide-narrow">Enter to send · Shift+Enter new line</span>
          {running ? (
            <button
              type="button"
              className="danger composer-send"
              onClick={() => void stop()}
              title={`Stop (Esc or ${formatShortcut('mod+.', isMac())})`}
            >
              ■ Stop
            </button>
          ) : (
            <button className="primary composer-send" type="submit" disabled={busy}>
              Send
            </button>
          )}
        </div>
      </form>
    </>
  );
}
