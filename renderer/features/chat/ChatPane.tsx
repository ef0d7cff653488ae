// The chat pane: the open conversation (or its empty, loading or error state), any waiting
// question docked above the composer (so the composer stays visible and keeps what is typed; it
// shrinks to one line while the question is open, so the question gets the height).
import { Spinner } from '../../components/Delayed';
import { ErrorNote } from '../../components/ErrorNote';
import { useLena, useLenaActions } from '../../store';
import { chatSelectors } from '../../store/chat/selectors';
import { conversationsSelectors } from '../../store/conversations/selectors';
import { asksSelectors } from '../../store/asks/selectors';
import { serversSelectors } from '../../store/servers/selectors';
import { settingsSelectors } from '../../store/settings/selectors';
import { QuestionHost } from '../questions/QuestionHost';
import { ApiKeyCard } from './ApiKeyCard';
import { FindBar } from './find/FindBar';
import { Composer } from './Composer';
import { MessageList } from './MessageList';
import { PendingToolsNotice } from './PendingToolsNotice';
import { SystemCardView } from './SystemCardView';

/** The first-run key field when it is on screen, else Settings (focus() returns undefined, so no `??`). */
function focusKeyField(setView: (view: 'settings') => void) {
  const field = document.getElementById('first-run-key');
  if (field) field.focus();
  else setView('settings');
}

function EmptyChat() {
  const { setView, setAddingServer } = useLenaActions();
  const keyMissing = useLena(settingsSelectors.apiKeyMissing);
  const noServers = useLena(serversSelectors.noServers);
  const cards = useLena(chatSelectors.blankCards);
  return (
    <div className="messages">
      <div className="empty-state">
        <h1>Start a conversation</h1>
        <p className="muted">
          Ask Claude anything. Tools from your MCP servers appear here as cards you approve.
        </p>
        <div className="row">
          {keyMissing ? (
            <button className="primary" onClick={() => focusKeyField(setView)}>
              Add your Anthropic API key
            </button>
          ) : null}
          <button onClick={() => setAddingServer(true)}>
            {noServers ? 'Add a server' : 'Manage servers'}
          </button>
        </div>
        {keyMissing && <ApiKeyCard />}
      </div>
      {cards.map((c) => (
        <SystemCardView key={c.id} card={c} />
      ))}
    </div>
  );
}

export function ChatPane() {
  const { status: state, error } = useLena(chatSelectors.chatLoad);
  const activeId = useLena(conversationsSelectors.activeId);
  const hasMessages = useLena(chatSelectors.hasContent);
  const { loadChat } = useLenaActions();
  const title = useLena(conversationsSelectors.activeTitle) || 'Conversation';
  const asking = useLena(asksSelectors.headId) !== null;
  const finding = useLena(conversationsSelectors.findOpen);
  return (
    <section className="chat" aria-label="Chat">
      {state === 'loading' ? (
        <div className="messages">
          <Spinner label="Opening the conversation…" />
        </div>
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
          {finding && <FindBar key={activeId} />}
          <MessageList />
        </>
      ) : (
        <EmptyChat />
      )}
      <QuestionHost />
      <PendingToolsNotice />
      <Composer collapsed={asking} />
    </section>
  );
}
