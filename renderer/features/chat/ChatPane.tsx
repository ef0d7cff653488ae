// The chat pane: the open conversation (or its empty, loading or error state), any waiting
// question docked above the composer (so the composer stays visible and keeps what is typed).
import { Spinner } from '../../components/Delayed';
import { ErrorNote } from '../../components/ErrorNote';
import { useLena } from '../../store';
import { NO_CONVERSATION } from '../../store/chat-slice';
import { QuestionHost } from '../questions/QuestionHost';
import { ApiKeyCard } from './ApiKeyCard';
import { Composer } from './Composer';
import { MessageList } from './MessageList';
import { PendingToolsNotice } from './PendingToolsNotice';
import { SystemCardView } from './SystemCardView';

const NO_CARDS: never[] = [];

/** The first-run key field when it is on screen, else Settings (focus() returns undefined, so no `??`). */
function focusKeyField(setView: (view: 'settings') => void) {
  const field = document.getElementById('first-run-key');
  if (field) field.focus();
  else setView('settings');
}

function EmptyChat() {
  const setView = useLena((s) => s.setView);
  const setAddingServer = useLena((s) => s.setAddingServer);
  const keyMissing = useLena((s) => s.settings?.apiKeySet !== true);
  const noServers = useLena((s) => s.serversState === 'ready' && s.servers.length === 0);
  const cards = useLena((s) => s.systemCards[NO_CONVERSATION] ?? NO_CARDS);
  return (
    <div className="messages">
      <div className="empty-state">
        <h1>Start a conversation</h1>
        <p className="muted">Ask Claude anything. Tools from your MCP servers appear here as cards you approve.</p>
        <div className="row">
          {keyMissing ? (
            <button className="primary" onClick={() => focusKeyField(setView)}>
              Add your Anthropic API key
            </button>
          ) : null}
          <button onClick={() => setAddingServer(true)}>{noServers ? 'Add a server' : 'Manage servers'}</button>
        </div>
        {keyMissing && <ApiKeyCard />}
      </div>
      {cards.map((c) => <SystemCardView key={c.id} card={c} />)}
    </div>
  );
}

export function ChatPane() {
  const state = useLena((s) => s.chatState);
  const error = useLena((s) => s.chatError);
  const activeId = useLena((s) => s.activeId);
  const hasMessages = useLena((s) => (s.chat?.messages.length ?? 0) > 0 || (s.systemCards[s.activeId ?? NO_CONVERSATION]?.length ?? 0) > 0);
  const loadChat = useLena((s) => s.loadChat);
  const title = useLena((s) => s.conversations.find((c) => c.id === s.activeId)?.title || 'Conversation');
  return (
    <section className="chat" aria-label="Chat">
      {state === 'loading' ? (
        <div className="messages"><Spinner label="Opening the conversation…" /></div>
      ) : state === 'error' && error ? (
        <div className="messages">
          <ErrorNote title="Could not open this conversation" error={error}>
            <button onClick={() => void loadChat(activeId)}>Retry</button>
          </ErrorNote>
        </div>
      ) : activeId && hasMessages ? (
        <>
          {/* The page's main heading for screen readers; the title bar shows the same title. */}
          <h1 className="sr-only">{title}</h1>
          <MessageList />
        </>
      ) : (
        <EmptyChat />
      )}
      <QuestionHost />
      <PendingToolsNotice />
      <Composer />
    </section>
  );
}
